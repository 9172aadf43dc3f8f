// Purge: the tenant's edges, counted before its nodes go. $types lists the RelationType whitelist.
CYPHER 25
CALL () {
  OPTIONAL MATCH (:Memory {tenantId: $tenantId})-[r]->(:Memory {tenantId: $tenantId})
  WHERE type(r) IN $types
  RETURN count(r) AS associations
}
CALL () {
  OPTIONAL MATCH (:Memory {tenantId: $tenantId})-[r:EXTRACTED_FROM]->(:Message)
  RETURN count(r) AS extractions
}
CALL () {
  OPTIONAL MATCH (:Bulletin {tenantId: $tenantId})-[r:CITES]->()
  RETURN count(r) AS citations
}
RETURN associations, extractions, citations
