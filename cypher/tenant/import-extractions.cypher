// Import: EXTRACTED_FROM edges between a memory and a message of the tenant; MERGE keeps an existing one and locks
// both nodes before it creates one (Cypher manual, Operators: MergeInto), so concurrent imports make it once.
// `importing` marks what this statement created, then goes.
CYPHER 25
UNWIND $extractions AS extraction
MATCH (m:Memory) WHERE m.tenantId = $tenantId AND m.id = extraction.memoryId
MATCH (msg:Message) WHERE msg.tenantId = $tenantId AND msg.id = extraction.messageId
MERGE (m)-[r:EXTRACTED_FROM]->(msg)
  ON CREATE SET r.createdAt = extraction.createdAt, r.tenantId = $tenantId, r.importing = true
WITH r, r.importing IS NOT NULL AS made
REMOVE r.importing
RETURN sum(CASE WHEN made THEN 1 ELSE 0 END) AS created, count(*) AS matched
