// Import: entity nodes with their mentions of the tenant's memories; an id held already (by any tenant) or a
// (kind, key) the tenant holds is skipped and reported.
CYPHER 25
UNWIND $entities AS d
OPTIONAL MATCH (held:Entity {id: d.id})
OPTIONAL MATCH (clash:Entity {tenantId: $tenantId, kind: d.kind, key: d.key})
WITH d, held, clash, held IS NULL AND clash IS NULL AS fresh
CALL (d, fresh) {
  WITH d
  WHERE fresh
  CREATE (e:Entity {
    id: d.id, tenantId: $tenantId, kind: d.kind, name: d.name, key: d.key, aliases: d.aliases, keys: d.keys,
    rootId: d.id, createdAt: d.createdAt, updatedAt: d.updatedAt
  })
  WITH d, e
  UNWIND d.mentions AS mention
  MATCH (m:Memory {id: mention.memoryId})
  WHERE m.tenantId = $tenantId
  MERGE (m)-[r:MENTIONS]->(e)
  ON CREATE SET r.tenantId = $tenantId, r.createdAt = mention.createdAt
}
RETURN d.id AS id, CASE WHEN fresh THEN 'created' WHEN held.tenantId = $tenantId THEN 'existing' ELSE 'conflict' END AS outcome
