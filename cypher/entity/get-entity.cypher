// One entity node of the tenant.
CYPHER 25
MATCH (e:Entity {id: $id})
WHERE e.tenantId = $tenantId
RETURN e {.id, .tenantId, .kind, .name, .key, .aliases, .keys, .rootId, .createdAt, .updatedAt, mergedInto: [(e)-[:MERGED_INTO]->(t:Entity) | t.id][0], mergedAt: [(e)-[x:MERGED_INTO]->(:Entity) | x.at][0]} AS entity
