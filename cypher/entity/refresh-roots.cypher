// Every node of the tenant answers to the entity its merges lead to (after an import).
CYPHER 25
MATCH (root:Entity {tenantId: $tenantId})
WHERE NOT (root)-[:MERGED_INTO]->(:Entity)
MATCH (g:Entity {tenantId: $tenantId})-[:MERGED_INTO*0..]->(root)
SET g.rootId = root.id
RETURN count(g) AS rooted
