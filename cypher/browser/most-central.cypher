// The memories the importance job found most central (weighted PageRank over typed edges), with their neighbours:
// large hubs are what the user's knowledge hangs on. First run `:param tenantId => 'your-tenant'`.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, status: 'ACTIVE'})
WHERE m.centrality > 0
WITH m
ORDER BY m.centrality DESC, m.importance DESC
LIMIT 25
OPTIONAL MATCH around = (m)-[:RELATED_TO|PART_OF|CAUSED_BY|RESULT_OF|UPDATES|CONTRADICTS]-(n:Memory {tenantId: $tenantId})
WHERE n.status = 'ACTIVE'
RETURN m, around
