// Import: the merges between entities the import created, then every group's root again.
CYPHER 25
UNWIND $merges AS pair
MATCH (e:Entity {id: pair.id})
WHERE e.tenantId = $tenantId AND NOT (e)-[:MERGED_INTO]->(:Entity)
MATCH (t:Entity {id: pair.into})
WHERE t.tenantId = $tenantId
CREATE (e)-[:MERGED_INTO {tenantId: $tenantId, at: pair.at}]->(t)
RETURN count(*) AS merged
