// Bulletins by id (or the newest one when $latest), with the memories they cite in line order.
CYPHER 25
MATCH (b:Bulletin)
WHERE b.tenantId = $tenantId AND ($latest OR b.id = $id)
WITH b
ORDER BY b.generatedAt DESC, b.id DESC
LIMIT 1
OPTIONAL MATCH (b)-[c:CITES]->(m:Memory)
WITH b, c, m
ORDER BY c.position
RETURN b {.*} AS bulletin, [id IN collect(m.id) WHERE id IS NOT NULL] AS memoryIds
