// One hop from each seed, the $limitPerSeed heaviest memory-to-memory edges per seed.
CYPHER 25
UNWIND $seedIds AS seedId
MATCH (seed:Memory {tenantId: $tenantId}) WHERE seed.id = seedId
CALL (seed) {
  MATCH (seed)-[r]-(other:Memory)
  WHERE other.tenantId = $tenantId AND type(r) IN $types
  RETURN r, other
  ORDER BY r.weight DESC
  LIMIT $limitPerSeed
}
RETURN seed.id AS seedId,
  other.id AS memoryId,
  type(r) AS type,
  CASE WHEN startNode(r) = seed THEN 'OUT' ELSE 'IN' END AS direction,
  r.weight AS weight
