CYPHER 25
MATCH (k:ApiKey)
RETURN k {.*} AS key
ORDER BY k.createdAt DESC, k.id
