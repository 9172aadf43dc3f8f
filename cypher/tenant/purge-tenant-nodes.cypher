// Purge: one batch of the tenant's nodes of one label ($label from a fixed list in the adapter), with their edges;
// vectors and full-text entries live on the nodes and go with them.
CYPHER 25
MATCH (n:$($label) {tenantId: $tenantId})
WITH n
LIMIT $limit
WITH n, n.embedding IS NOT NULL AS embedded
DETACH DELETE n
RETURN count(*) AS deleted, sum(CASE WHEN embedded THEN 1 ELSE 0 END) AS vectors
