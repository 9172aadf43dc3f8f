// a page of the tenant's channels in id order, after $afterId when given (the (tenantId, id) constraint's index serves it)
CYPHER 25
MATCH (c:Channel {tenantId: $tenantId})
WHERE $afterId IS NULL OR c.id > $afterId
RETURN c {.*} AS channel
ORDER BY c.id
LIMIT $limit
