CYPHER 25
MATCH (k:ApiKey {id: $id})
SET k.revokedAt = coalesce(k.revokedAt, $at)
RETURN k {.*} AS key
