// The edges of each memory in $memoryIds, seen from it: the $limit heaviest (then newest) per memory.
CYPHER 25
UNWIND $memoryIds AS ofId
MATCH (m:Memory {tenantId: $tenantId}) WHERE m.id = ofId
CALL (m) {
  MATCH (m)-[r]-(other:Memory)
  WHERE other.tenantId = $tenantId AND type(r) IN $types
  WITH r, other, CASE WHEN startNode(r) = m THEN 'OUT' ELSE 'IN' END AS direction
  WHERE $direction IS NULL OR direction = $direction
  RETURN type(r) AS type, direction, r.weight AS weight, other.id AS memoryId, r.createdAt AS createdAt
  ORDER BY weight DESC, createdAt DESC, memoryId
  LIMIT $limit
}
RETURN ofId, type, direction, weight, memoryId, createdAt
