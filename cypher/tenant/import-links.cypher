// Import: typed edges between two memories of the tenant; an existing edge is left as it is. Types come from the
// RelationType whitelist, checked before they reach this statement.
CYPHER 25
UNWIND $edges AS edge
MATCH (a:Memory) WHERE a.tenantId = $tenantId AND a.id = edge.fromId
MATCH (b:Memory) WHERE b.tenantId = $tenantId AND b.id = edge.toId
OPTIONAL CALL (a, b, edge) {
  MATCH (a)-[r:$(edge.type)]->(b)
  RETURN true AS existed
  LIMIT 1
}
CALL (a, b, edge, existed) {
  WITH a, b, edge
  WHERE existed IS NULL
  CREATE (a)-[r:$(edge.type)]->(b)
  SET r.weight = edge.weight, r.createdAt = edge.createdAt, r.tenantId = $tenantId
  RETURN count(r) AS made
}
RETURN sum(made) AS created, count(*) AS matched
