// Purge: one batch of the tenant's Entity nodes, with their MENTIONS and MERGED_INTO edges.
CYPHER 25
MATCH (n:Entity)
WHERE n.tenantId = $tenantId
WITH n
LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted
