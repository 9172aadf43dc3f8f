// Export: every kept bulletin of the tenant, oldest first, with the memories it cites in line order.
CYPHER 25
MATCH (b:Bulletin {tenantId: $tenantId})
CALL (b) {
  OPTIONAL MATCH (b)-[c:CITES]->(m:Memory)
  WITH c, m
  ORDER BY c.position
  RETURN [id IN collect(m.id) WHERE id IS NOT NULL] AS memoryIds
}
RETURN b {.*} AS bulletin, memoryIds
ORDER BY b.generatedAt, b.id
