// Everything about one entity: its group (the entities merged into the same root, with their MERGED_INTO edges), the
// memories mentioning any of them over time (type, status, when it happened) and the other entities those memories
// mention. First run `:param tenantId => 'your-tenant'` and `:param entityName => 'Ana'` (its name or an alias, any case).
CYPHER 25
MATCH (named:Entity {tenantId: $tenantId})
WHERE toLower(named.name) = toLower($entityName) OR toLower($entityName) IN [a IN named.aliases | toLower(a)]
WITH DISTINCT named.rootId AS rootId
MATCH (root:Entity {tenantId: $tenantId, id: rootId})
MATCH (member:Entity {tenantId: $tenantId, rootId: rootId})
OPTIONAL MATCH merge = (member)-[:MERGED_INTO]->(:Entity {tenantId: $tenantId})
WITH rootId, root, collect(DISTINCT member) AS members, collect(merge) AS merges
OPTIONAL MATCH mention = (m:Memory {tenantId: $tenantId})-[:MENTIONS]->(:Entity {tenantId: $tenantId, rootId: rootId})
OPTIONAL MATCH (m)-[:MENTIONS]->(other:Entity {tenantId: $tenantId})
WHERE other.rootId <> rootId
WITH root, members, merges, m, mention, collect(DISTINCT other) AS neighbours
RETURN
  root,
  members,
  merges,
  m.type AS type,
  m.status AS status,
  coalesce(m.occurredAt, m.createdAt) AS occurredAt,
  mention,
  neighbours
ORDER BY root.name, occurredAt
LIMIT 300
