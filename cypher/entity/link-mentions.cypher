// A memory's mentions, in one transaction: each draft's entity (tenant, kind, key) is created with the draft's id, or
// given the draft's keys and its name as an alias; then (Memory)-[:MENTIONS]->(Entity). The memory owes its links no
// more (entitiesOwedAt, set by its insert), also with no draft. Nothing for another tenant's memory.
CYPHER 25
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
REMOVE m.entitiesOwedAt, m.entitiesOwedSlotValue
WITH m
UNWIND range(0, size($drafts) - 1) AS i
WITH m, i, $drafts[i] AS d
MERGE (e:Entity {tenantId: $tenantId, kind: d.kind, key: d.key})
ON CREATE SET
  e.id = d.id,
  e.name = d.name,
  e.aliases = [],
  e.keys = [],
  e.rootId = d.id,
  e.createdAt = $now,
  e.updatedAt = $now
WITH m, i, d, e, d.name <> e.name AND NOT d.name IN e.aliases AS renamed
SET
  e.aliases = CASE WHEN renamed THEN e.aliases + d.name ELSE e.aliases END,
  e.updatedAt = CASE WHEN renamed THEN $now ELSE e.updatedAt END,
  e.keys = e.keys + [k IN d.keys WHERE NOT k IN e.keys]
MERGE (m)-[r:MENTIONS]->(e)
ON CREATE SET r.tenantId = $tenantId, r.createdAt = $now
RETURN i, e.rootId AS rootId
ORDER BY i
