CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $memoryId})-[r]-(other:Memory)
WHERE other.tenantId = $tenantId AND type(r) IN $types
WITH r, other, CASE WHEN startNode(r) = m THEN 'OUT' ELSE 'IN' END AS direction
WHERE $direction IS NULL OR direction = $direction
RETURN type(r) AS type, direction, r.weight AS weight, other.id AS memoryId, r.createdAt AS createdAt
ORDER BY weight DESC, createdAt DESC
LIMIT $limit
