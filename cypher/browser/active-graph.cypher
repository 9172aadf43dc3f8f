// The tenant's most important active memories and the typed edges between them (colours come from engram.grass).
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, status: 'ACTIVE'})
WITH m
ORDER BY m.importance DESC
LIMIT 100
WITH collect(m) AS top
UNWIND top AS a
OPTIONAL MATCH (a)-[r]->(b:Memory)
WHERE b IN top
RETURN a, r, b
