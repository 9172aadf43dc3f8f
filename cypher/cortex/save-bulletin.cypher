// A bulletin and its CITES edges (in line order), once: the id follows from its content, so a second producer of
// the same bulletin finds it and reports created = false. Only ACTIVE memories of the tenant are cited.
CYPHER 25
MERGE (b:Bulletin {id: $id})
ON CREATE SET
  b.tenantId = $tenantId,
  b.content = $content,
  b.generatedAt = $generatedAt,
  b.marker = $marker,
  b.digest = $digest,
  b.source = $source,
  b.createdBy = $nonce
WITH b, b.createdBy = $nonce AND b.tenantId = $tenantId AS created
CALL (b, created) {
  WITH b, created
  WHERE created
  UNWIND range(0, size($memoryIds) - 1) AS position
  MATCH (m:Memory)
  WHERE m.tenantId = $tenantId AND m.id = $memoryIds[position] AND m.status = 'ACTIVE'
  CREATE (b)-[:CITES {position: position, tenantId: $tenantId}]->(m)
}
RETURN b.tenantId = $tenantId AS ours, created
