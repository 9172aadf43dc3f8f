// Every node of the groups rooted at $rootIds.
CYPHER 25
MATCH (e:Entity {tenantId: $tenantId})
WHERE e.rootId IN $rootIds
RETURN e {.id, .tenantId, .kind, .name, .key, .aliases, .keys, .rootId, .createdAt, .updatedAt, mergedInto: [(e)-[:MERGED_INTO]->(t:Entity) | t.id][0], mergedAt: [(e)-[x:MERGED_INTO]->(:Entity) | x.at][0]} AS entity
ORDER BY e.createdAt, e.id
