import type { Database } from 'better-sqlite3';

/**
 * Named migrations in the order they run; `schema_migrations` records which ran. Never edit a shipped one: append.
 * Each feature appends its own, so parallel work adds lines rather than renumbering.
 */
export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  {
    name: '001-memories',
    sql: `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE memories (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    type TEXT NOT NULL,
    content TEXT NOT NULL,
    context TEXT,
    status TEXT NOT NULL,
    scope TEXT NOT NULL,
    channel_id TEXT,
    project_id TEXT,
    slot TEXT,
    importance REAL NOT NULL,
    base_importance REAL NOT NULL,
    centrality REAL NOT NULL DEFAULT 0,
    confidence REAL NOT NULL,
    tags TEXT NOT NULL DEFAULT '[]',
    fingerprint TEXT NOT NULL,
    -- equals fingerprint while the memory is ACTIVE or QUARANTINED, NULL once retired: the unique index below
    -- is what makes concurrent identical writes collapse into one memory.
    live_fingerprint TEXT,
    source_role TEXT NOT NULL,
    source_channel_id TEXT,
    source_message_id TEXT,
    source_task_id TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    last_accessed_at INTEGER,
    last_seen_at INTEGER NOT NULL,
    access_count INTEGER NOT NULL DEFAULT 0,
    superseded_by TEXT,
    embedding_model TEXT
  );
  CREATE UNIQUE INDEX memories_live_fingerprint ON memories (tenant_id, live_fingerprint)
    WHERE live_fingerprint IS NOT NULL;
  CREATE INDEX memories_tenant_created ON memories (tenant_id, created_at DESC, id DESC);
  CREATE INDEX memories_tenant_status_importance ON memories (tenant_id, status, importance DESC);
  CREATE INDEX memories_tenant_slot ON memories (tenant_id, slot) WHERE slot IS NOT NULL;
  CREATE INDEX memories_tenant_task ON memories (tenant_id, source_task_id) WHERE source_task_id IS NOT NULL;

  CREATE TABLE associations (
    tenant_id TEXT NOT NULL,
    from_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    to_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    weight REAL NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (from_id, to_id, type)
  ) WITHOUT ROWID;
  CREATE INDEX associations_to ON associations (to_id, type);

  -- tenant holds an opaque single-token tag so a MATCH can be restricted to one tenant inside the index.
  CREATE VIRTUAL TABLE memory_fts USING fts5 (content, context, tenant, tokenize = 'porter unicode61 remove_diacritics 2');
  `,
  },
  {
    name: '002-memory-occurred-at-and-skill',
    sql: `
  ALTER TABLE memories ADD COLUMN occurred_at INTEGER;
  UPDATE memories SET occurred_at = created_at;
  ALTER TABLE memories ADD COLUMN source_skill_id TEXT;
  CREATE INDEX memories_tenant_occurred ON memories (tenant_id, occurred_at DESC);
  CREATE INDEX memories_tenant_skill ON memories (tenant_id, source_skill_id) WHERE source_skill_id IS NOT NULL;
  `,
  },
  {
    name: '003-cortex',
    sql: `
  -- decay (maintenance job): Sci score, fading flag, expiry past the type's lifetime; never a delete
  ALTER TABLE memories ADD COLUMN decay_score REAL;
  ALTER TABLE memories ADD COLUMN fading INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE memories ADD COLUMN expired_at INTEGER;
  -- change markers: one covering index scan per sweep over the ACTIVE rows
  CREATE INDEX memories_status_tenant_marker ON memories (status, tenant_id, updated_at, created_at);
  -- bulletin candidates: the most important of each type, the latest events
  CREATE INDEX memories_tenant_type_importance ON memories (tenant_id, type, status, importance DESC);
  CREATE INDEX memories_tenant_type_occurred ON memories (tenant_id, type, occurred_at DESC);
  CREATE INDEX associations_tenant ON associations (tenant_id);

  CREATE TABLE bulletins (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    content TEXT NOT NULL,
    generated_at INTEGER NOT NULL,
    marker TEXT NOT NULL,
    digest TEXT NOT NULL,
    source TEXT NOT NULL
  );
  CREATE INDEX bulletins_tenant_latest ON bulletins (tenant_id, rowid DESC);
  -- (:Bulletin)-[:CITES]->(:Memory), in line order
  CREATE TABLE bulletin_citations (
    bulletin_id TEXT NOT NULL REFERENCES bulletins (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    memory_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    PRIMARY KEY (bulletin_id, position)
  ) WITHOUT ROWID;
  CREATE INDEX bulletin_citations_memory ON bulletin_citations (memory_id);

  CREATE TABLE llm_usage (
    tenant_id TEXT NOT NULL,
    job TEXT NOT NULL,
    day TEXT NOT NULL,
    calls INTEGER NOT NULL,
    prompt_tokens INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, job, day)
  ) WITHOUT ROWID;
  CREATE INDEX llm_usage_day ON llm_usage (day);

  CREATE TABLE job_state (
    tenant_id TEXT NOT NULL,
    job TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (tenant_id, job)
  ) WITHOUT ROWID;
  `,
  },
  {
    name: '004-conversations',
    sql: `
  CREATE TABLE channels (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    private INTEGER NOT NULL DEFAULT 0,
    project_id TEXT,
    token_budget INTEGER,
    message_count INTEGER NOT NULL DEFAULT 0,
    last_message_at INTEGER,
    summary_id TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id)
  ) WITHOUT ROWID;

  -- messages are ordered by (created_at, seq) inside their channel; summary_id is NULL while a message is live.
  CREATE TABLE messages (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    role TEXT NOT NULL,
    speaker TEXT,
    trust TEXT NOT NULL,
    content TEXT NOT NULL,
    token_count INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    extracted_at INTEGER,
    summary_id TEXT,
    embedding_model TEXT,
    FOREIGN KEY (tenant_id, channel_id) REFERENCES channels (tenant_id, id)
  );
  CREATE INDEX messages_channel_order ON messages (tenant_id, channel_id, created_at, seq);
  CREATE INDEX messages_channel_live ON messages (tenant_id, channel_id, created_at, seq) WHERE summary_id IS NULL;
  CREATE INDEX messages_summary ON messages (summary_id) WHERE summary_id IS NOT NULL;

  CREATE TABLE summaries (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    content TEXT NOT NULL,
    token_count INTEGER NOT NULL,
    previous_id TEXT,
    message_count INTEGER NOT NULL,
    from_at INTEGER NOT NULL,
    to_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX summaries_channel ON summaries (tenant_id, channel_id, created_at);

  -- (:Memory)-[:EXTRACTED_FROM]->(:Message)
  CREATE TABLE extracted_from (
    tenant_id TEXT NOT NULL,
    memory_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (memory_id, message_id)
  ) WITHOUT ROWID;
  CREATE INDEX extracted_from_message ON extracted_from (message_id);

  -- prev / next hold the neighbouring messages' text: a reply is found by what it answers, and the other way round.
  CREATE VIRTUAL TABLE message_fts USING fts5 (content, speaker, prev, next, tenant, tokenize = 'porter unicode61 remove_diacritics 2');
  `,
  },
  {
    // Tag filters (context's constraints, the viewer's tag filter) read json_each of every memory in the tenant
    // without this: ~7 ms per query at 10k memories. Triggers keep the table in step with memories.tags.
    name: '011-memory-tags',
    sql: `
  CREATE TABLE memory_tags (
    tenant_id TEXT NOT NULL,
    tag TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    PRIMARY KEY (tenant_id, tag, memory_id)
  ) WITHOUT ROWID;
  CREATE INDEX memory_tags_memory ON memory_tags (memory_id);
  INSERT OR IGNORE INTO memory_tags (tenant_id, tag, memory_id)
    SELECT m.tenant_id, j.value, m.id FROM memories m, json_each(m.tags) j;
  CREATE TRIGGER memory_tags_insert AFTER INSERT ON memories BEGIN
    INSERT OR IGNORE INTO memory_tags (tenant_id, tag, memory_id) SELECT NEW.tenant_id, value, NEW.id FROM json_each(NEW.tags);
  END;
  CREATE TRIGGER memory_tags_update AFTER UPDATE OF tags ON memories BEGIN
    DELETE FROM memory_tags WHERE memory_id = OLD.id;
    INSERT OR IGNORE INTO memory_tags (tenant_id, tag, memory_id) SELECT NEW.tenant_id, value, NEW.id FROM json_each(NEW.tags);
  END;
  CREATE TRIGGER memory_tags_delete AFTER DELETE ON memories BEGIN
    DELETE FROM memory_tags WHERE memory_id = OLD.id;
  END;
  `,
  },
  {
    // The owed-work sweep: messages still owed LLM extraction, newest first, without scanning the extracted ones.
    name: '012-messages-owed-extraction',
    sql: `
  CREATE INDEX messages_owed_extraction ON messages (created_at) WHERE extracted_at IS NULL;
  `,
  },
  {
    // The owed-work sweep: messages still without a vector (appendMessage answers before embedding), newest first.
    name: '013-messages-owed-vector',
    sql: `
  CREATE INDEX messages_owed_vector ON messages (created_at) WHERE embedding_model IS NULL;
  `,
  },
  {
    // A tenant import writes in many transactions: its row lives from the first write to the last, so an import
    // that stopped half-way is reported by the integrity check (see TenantDataStore.beginImport).
    name: '014-import-runs',
    sql: `
  CREATE TABLE import_runs (
    tenant_id TEXT NOT NULL,
    file_digest TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, file_digest)
  ) WITHOUT ROWID;
  `,
  },
  {
    // Tenants and API keys as data (admin API): a key is stored as its scrypt hash, never as itself.
    name: '015-tenants-and-keys',
    sql: `
  CREATE TABLE tenants (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    name TEXT,
    scope TEXT NOT NULL,
    salt TEXT NOT NULL,
    hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    revoked_at INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at DESC);
  `,
  },
  {
    // When a message was stored (its createdAt may be the client's, years back): the backlog gauges' oldest-item age
    // is the time owed work has waited since then. NULL for messages stored before this column (createdAt stands in).
    name: '016-messages-stored-at',
    sql: `
  ALTER TABLE messages ADD COLUMN stored_at INTEGER;
  `,
  },
  {
    // Entities memories mention: one row per tenant, kind and folded name; root_id is where its merges lead (itself
    // when never merged), kept with merged_into so a merge is undone exactly. Mentions stay on the entity first linked.
    name: '017-entities',
    sql: `
  CREATE TABLE entities (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    aliases TEXT NOT NULL DEFAULT '[]',
    root_id TEXT NOT NULL,
    merged_into TEXT,
    merged_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (tenant_id, kind, key)
  );
  CREATE INDEX entities_tenant_root ON entities (tenant_id, root_id);
  CREATE INDEX entities_merged_into ON entities (merged_into) WHERE merged_into IS NOT NULL;
  CREATE TABLE entity_keys (
    tenant_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    entity_id TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    PRIMARY KEY (tenant_id, kind, key, entity_id)
  ) WITHOUT ROWID;
  CREATE INDEX entity_keys_entity ON entity_keys (entity_id);
  CREATE TABLE entity_mentions (
    tenant_id TEXT NOT NULL,
    memory_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    entity_id TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (memory_id, entity_id)
  ) WITHOUT ROWID;
  CREATE INDEX entity_mentions_entity ON entity_mentions (entity_id, memory_id);
    `,
  },
  {
    // When a memory stopped being believed (validity in time): the occurredAt of what superseded it, never before
    // its own; memories retired before this column get their successor's, or the moment they were retired.
    name: '018-memory-valid-until',
    sql: `
  ALTER TABLE memories ADD COLUMN valid_until INTEGER;
  UPDATE memories SET valid_until = MAX(occurred_at, COALESCE(
      (SELECT s.occurred_at FROM memories s WHERE s.id = memories.superseded_by), updated_at))
    WHERE status = 'SUPERSEDED';
  `,
  },
  {
    // The bulletin rendered on the spot (every `context` until a stored one says something) reads the most
    // important memories of each type: in index order, so equal importances (a fresh import: all of them) no longer
    // sort every row of the type (24 ms a context at 10k memories, now under 1)
    name: '019-bulletin-candidates-order',
    sql: `
  CREATE INDEX memories_bulletin_candidates ON memories (tenant_id, type, importance DESC, occurred_at DESC)
    WHERE status = 'ACTIVE' AND scope = 'GLOBAL' AND expired_at IS NULL;
  `,
  },
  {
    // A memory's entity links follow its insert: entities_owed_at is set by the insert and cleared in the linker's
    // transaction, so a process that ends between the two leaves the memory owed, and a later drain links it. Memories
    // stored before this column were linked by the process that wrote them (or lost their links to a crash, which
    // nothing can tell apart now): NULL, not owed.
    name: '020-memory-entities-owed',
    sql: `
  ALTER TABLE memories ADD COLUMN entities_owed_at INTEGER;
  ALTER TABLE memories ADD COLUMN entities_owed_slot_value TEXT;
  CREATE INDEX memories_entities_owed ON memories (entities_owed_at, id) WHERE entities_owed_at IS NOT NULL;
  `,
  },
];

export function migrate(db: Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  // databases made before named migrations recorded only a count in user_version
  const legacy = db.pragma('user_version', { simple: true }) as number;
  const applied = new Set(
    db
      .prepare<[], { name: string }>('SELECT name FROM schema_migrations')
      .all()
      .map((r) => r.name),
  );
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  MIGRATIONS.forEach((migration, index) => {
    if (applied.has(migration.name)) {
      return;
    }
    db.transaction(() => {
      if (index >= legacy) {
        db.exec(migration.sql);
      }
      record.run(migration.name, Date.now());
    })();
  });
  if (legacy !== 0) {
    db.pragma('user_version = 0');
  }
}

/** The vec0 tables, which depend on the embedding dimension: created for the configured space, not by a migration. */
export const VECTOR_TABLES = ['memory_vectors', 'message_vectors'] as const;

export function vectorTableSql(dimensions: number): string {
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions > 8192) {
    throw new Error(`invalid embedding dimension ${dimensions}`);
  }

  return `CREATE VIRTUAL TABLE IF NOT EXISTS memory_vectors USING vec0 (
    tenant TEXT PARTITION KEY,
    status TEXT,
    visibility TEXT,
    type TEXT,
    embedding FLOAT[${dimensions}] distance_metric=cosine
  );
  CREATE VIRTUAL TABLE IF NOT EXISTS message_vectors USING vec0 (
    tenant TEXT PARTITION KEY,
    channel TEXT,
    shared INTEGER,
    created_at INTEGER,
    embedding FLOAT[${dimensions}] distance_metric=cosine
  );`;
}

/** An embedding-model migration keeps the previous model's memory vectors here (a copy of memory_vectors) until it finishes. */
export const PREVIOUS_VECTOR_TABLE = 'memory_vectors_previous';
/** And the previous model's message vectors here (a copy of message_vectors, whose metadata the writes keep current). */
export const PREVIOUS_MESSAGE_VECTOR_TABLE = 'message_vectors_previous';
/** Each vector table and where a migration keeps its previous model's copy. */
export const PREVIOUS_VECTOR_TABLES = [
  { current: 'memory_vectors', previous: PREVIOUS_VECTOR_TABLE },
  { current: 'message_vectors', previous: PREVIOUS_MESSAGE_VECTOR_TABLE },
] as const;
export type PreviousVectorTable = (typeof PREVIOUS_VECTOR_TABLES)[number]['previous'];
