CYPHER 25
MATCH (k:ApiKey {tenantId: $tenantId})
RETURN k {.*} AS key
ORDER BY k.createdAt DESC, k.id
