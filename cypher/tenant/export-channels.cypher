// Export: a page of the tenant's channels in id order.
CYPHER 25
MATCH (c:Channel {tenantId: $tenantId})
WHERE c.id > $afterId
RETURN c {.*} AS channel
ORDER BY c.id
LIMIT $limit
