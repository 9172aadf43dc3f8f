// Constraints and indexes for the memory graph. Every statement is idempotent; the registry runs them in order.
// The vector index dimension comes from the configured embedding model ($dimensions), never from request input.

CYPHER 25
CREATE CONSTRAINT memory_id IF NOT EXISTS
FOR (m:Memory) REQUIRE m.id IS UNIQUE;

// liveFingerprint is only set while a memory is ACTIVE or QUARANTINED, so retired memories never collide and a
// MERGE on (tenantId, liveFingerprint) collapses concurrent identical writes into one node.
CYPHER 25
CREATE CONSTRAINT memory_live_fingerprint IF NOT EXISTS
FOR (m:Memory) REQUIRE (m.tenantId, m.liveFingerprint) IS UNIQUE;

// activeSlot is only set on the one ACTIVE memory of a slot (name, age, location...), per tenant.
CYPHER 25
CREATE CONSTRAINT memory_active_slot IF NOT EXISTS
FOR (m:Memory) REQUIRE (m.tenantId, m.activeSlot) IS UNIQUE;

CYPHER 25
CREATE CONSTRAINT engram_meta_key IF NOT EXISTS
FOR (meta:EngramMeta) REQUIRE meta.key IS UNIQUE;

// Channel ids are the client's own keys, unique per tenant only (an earlier schema made them unique globally).
CYPHER 25
DROP CONSTRAINT channel_id IF EXISTS;

CYPHER 25
CREATE CONSTRAINT channel_tenant_id IF NOT EXISTS
FOR (c:Channel) REQUIRE (c.tenantId, c.id) IS UNIQUE;

CYPHER 25
CREATE CONSTRAINT message_id IF NOT EXISTS
FOR (msg:Message) REQUIRE msg.id IS UNIQUE;

CYPHER 25
CREATE CONSTRAINT summary_id IF NOT EXISTS
FOR (s:Summary) REQUIRE s.id IS UNIQUE;

CYPHER 25
CREATE CONSTRAINT bulletin_id IF NOT EXISTS
FOR (b:Bulletin) REQUIRE b.id IS UNIQUE;

CYPHER 25
CREATE INDEX memory_tenant_created IF NOT EXISTS
FOR (m:Memory) ON (m.tenantId, m.createdAt);

CYPHER 25
CREATE INDEX memory_tenant_status_importance IF NOT EXISTS
FOR (m:Memory) ON (m.tenantId, m.status, m.importance);

CYPHER 25
CREATE INDEX memory_tenant_slot IF NOT EXISTS
FOR (m:Memory) ON (m.tenantId, m.slot);

CYPHER 25
CREATE INDEX memory_tenant_task IF NOT EXISTS
FOR (m:Memory) ON (m.tenantId, m.sourceTaskId);

// constraintTag is set (true) only on memories tagged `constraint` (the rules `context` reads every turn), so the
// rules are found through this index instead of by reading every ACTIVE memory of the tenant.
CYPHER 25
CREATE INDEX memory_tenant_constraint IF NOT EXISTS
FOR (m:Memory) ON (m.tenantId, m.constraintTag);

// tenantKey (one opaque token per tenant) lets a full-text query be restricted to one tenant inside the index. The
// index holds the texts' search words (lucene-query.ts searchWords), split and folded as the query is: searches rank
// by weightedWords (content twice, then context, as SQLite weighs them), mentions read contentWords. The `english`
// analyzer stems them (Porter, as SQLite's FTS5 `porter` tokenizer) and drops its 33 stop words. The boot compares the
// fields and the analyzer and rebuilds an index made otherwise (index-definitions.ts).
CYPHER 25
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.contentWords, m.weightedWords, m.tenantKey]
OPTIONS { indexConfig: { `fulltext.analyzer`: 'english' } };

// tenantId and status are stored in the index so SEARCH filters inside it instead of after the top k.
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.tenantId, m.status]
OPTIONS { indexConfig: { `vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine' } };

// cortex: the sweep's change markers read ACTIVE memories per tenant; bulletins are read newest first per tenant.
CYPHER 25
CREATE INDEX memory_status_tenant IF NOT EXISTS
FOR (m:Memory) ON (m.status, m.tenantId);

// A memory's entity links follow its insert: entitiesOwedAt is set by the insert and removed with the links (in the
// linker's transaction). A range index holds only the nodes that have the property: the owed ones.
CYPHER 25
CREATE INDEX memory_entities_owed IF NOT EXISTS
FOR (m:Memory) ON (m.entitiesOwedAt);

CYPHER 25
CREATE INDEX bulletin_tenant_generated IF NOT EXISTS
FOR (b:Bulletin) ON (b.tenantId, b.generatedAt);

CYPHER 25
CREATE CONSTRAINT job_state_key IF NOT EXISTS
FOR (s:JobState) REQUIRE (s.tenantId, s.job) IS UNIQUE;

CYPHER 25
CREATE CONSTRAINT llm_usage_key IF NOT EXISTS
FOR (u:LlmUsage) REQUIRE (u.tenantId, u.job, u.day) IS UNIQUE;

// One budget node per task: inserts of the task MERGE it to take its write lock before counting its memories.
CYPHER 25
CREATE CONSTRAINT task_budget_key IF NOT EXISTS
FOR (b:TaskBudget) REQUIRE (b.tenantId, b.taskId) IS UNIQUE;

// One lock node per slot: inserts claiming the slot MERGE it to take its write lock before reading the slot's holders.
CYPHER 25
CREATE CONSTRAINT slot_lock_key IF NOT EXISTS
FOR (l:SlotLock) REQUIRE (l.tenantId, l.slot) IS UNIQUE;

// Messages of a channel in order: appends look up their neighbours, context reads the newest, compaction the oldest.
CYPHER 25
CREATE INDEX message_channel_order IF NOT EXISTS
FOR (msg:Message) ON (msg.tenantId, msg.channelId, msg.createdAt);

// The owed-work sweep: messages still owed extraction, newest first, per tenant and across tenants. An index cannot
// find `extractedAt IS NULL` (nodes without a value are not indexed), so the sweep walks createdAt backwards instead.
CYPHER 25
CREATE INDEX message_tenant_created IF NOT EXISTS
FOR (msg:Message) ON (msg.tenantId, msg.createdAt);

CYPHER 25
CREATE INDEX message_created IF NOT EXISTS
FOR (msg:Message) ON (msg.createdAt);

CYPHER 25
CREATE INDEX summary_channel IF NOT EXISTS
FOR (s:Summary) ON (s.tenantId, s.channelId);

// Message search: weightedWords (content and speaker twice, the neighbouring messages' words once: search words,
// stemmed by the analyzer as the memories' are), restricted to one tenant by tenantKey.
CYPHER 25
CREATE FULLTEXT INDEX message_text IF NOT EXISTS
FOR (msg:Message) ON EACH [msg.weightedWords, msg.tenantKey]
OPTIONS { indexConfig: { `fulltext.analyzer`: 'english' } };

// tenantId, channelId and shared (searchable outside its channel) are stored in the index so SEARCH filters inside it.
CYPHER 25
CREATE VECTOR INDEX message_embedding IF NOT EXISTS
FOR (msg:Message) ON msg.embedding
WITH [msg.tenantId, msg.channelId, msg.shared]
OPTIONS { indexConfig: { `vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine' } };

// Tenants and API keys as data (the admin API); a key node holds its scrypt hash, never the key.
CYPHER 25
CREATE CONSTRAINT tenant_id IF NOT EXISTS
FOR (t:Tenant) REQUIRE t.id IS UNIQUE;

CYPHER 25
CREATE CONSTRAINT api_key_id IF NOT EXISTS
FOR (k:ApiKey) REQUIRE k.id IS UNIQUE;

CYPHER 25
CREATE INDEX api_key_tenant IF NOT EXISTS
FOR (k:ApiKey) ON (k.tenantId);

// Entities memories mention: one node per tenant, kind and folded name (concurrent mentions MERGE into one); a merged
// group is found by its root.
CYPHER 25
CREATE CONSTRAINT entity_id IF NOT EXISTS
FOR (e:Entity) REQUIRE e.id IS UNIQUE;

CYPHER 25
CREATE CONSTRAINT entity_tenant_kind_key IF NOT EXISTS
FOR (e:Entity) REQUIRE (e.tenantId, e.kind, e.key) IS UNIQUE;

CYPHER 25
CREATE INDEX entity_tenant_root IF NOT EXISTS
FOR (e:Entity) ON (e.tenantId, e.rootId);
