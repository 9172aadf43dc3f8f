// Export: a page of the tenant's summaries in id order.
CYPHER 25
MATCH (s:Summary {tenantId: $tenantId})
WHERE s.id > $afterId
RETURN s {.*} AS summary
ORDER BY s.id
LIMIT $limit
