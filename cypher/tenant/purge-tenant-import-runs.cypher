// Purge: one batch of the tenant's ImportRun nodes, with their edges; vectors and full-text entries live on the nodes
// and go with them. One statement per label: a static label lets the planner use the label's tenantId-led index,
// where a dynamic label ($($label)) could use only the label lookup (Cypher manual, MATCH, dynamic labels:
// performance caveats).
CYPHER 25
MATCH (n:ImportRun)
WHERE n.tenantId = $tenantId
WITH n
LIMIT $limit
WITH n, n.embedding IS NOT NULL AS embedded
DETACH DELETE n
RETURN count(*) AS deleted, sum(CASE WHEN embedded THEN 1 ELSE 0 END) AS vectors
