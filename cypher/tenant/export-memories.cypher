// Export: a page of the tenant's memories in id order, each with its outgoing typed edges and EXTRACTED_FROM edges.
// $types lists the RelationType whitelist.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId})
WHERE m.id > $afterId
WITH m
ORDER BY m.id
LIMIT $limit
CALL (m) {
  OPTIONAL MATCH (m)-[r]->(t:Memory {tenantId: $tenantId})
  WHERE type(r) IN $types
  WITH r, t
  ORDER BY t.id, type(r)
  RETURN [x IN collect({toId: t.id, type: type(r), weight: r.weight, createdAt: r.createdAt}) WHERE x.toId IS NOT NULL] AS links
}
CALL (m) {
  OPTIONAL MATCH (m)-[e:EXTRACTED_FROM]->(msg:Message {tenantId: $tenantId})
  WITH e, msg
  ORDER BY msg.id
  RETURN [x IN collect({messageId: msg.id, createdAt: e.createdAt}) WHERE x.messageId IS NOT NULL] AS extractedFrom
}
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory, links, extractedFrom
ORDER BY m.id
