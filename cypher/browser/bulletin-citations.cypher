// What the tenant's latest bulletin states: the bulletin (dark gold) and every memory it cites, with the edges
// between those memories. First run `:param tenantId => 'your-tenant'`.
CYPHER 25
MATCH (b:Bulletin {tenantId: $tenantId})
WITH b
ORDER BY b.generatedAt DESC
LIMIT 1
MATCH cited = (b)-[:CITES]->(m:Memory)
OPTIONAL MATCH between = (m)-[:RELATED_TO|PART_OF|CAUSED_BY|RESULT_OF|UPDATES|CONTRADICTS]->(n:Memory)<-[:CITES]-(b)
RETURN cited, between
