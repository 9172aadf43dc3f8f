// The merged groups holding one of $keys among the tenant's entities of $kind: every node of each group.
CYPHER 25
MATCH (hit:Entity {tenantId: $tenantId, kind: $kind})
WHERE any(k IN hit.keys WHERE k IN $keys)
WITH DISTINCT hit.rootId AS rootId
MATCH (e:Entity {tenantId: $tenantId, rootId: rootId})
RETURN e {.id, .tenantId, .kind, .name, .key, .aliases, .keys, .rootId, .createdAt, .updatedAt, mergedInto: [(e)-[:MERGED_INTO]->(t:Entity) | t.id][0], mergedAt: [(e)-[x:MERGED_INTO]->(:Entity) | x.at][0]} AS entity
ORDER BY e.createdAt, e.id
