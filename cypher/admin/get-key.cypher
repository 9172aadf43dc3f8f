CYPHER 25
MATCH (k:ApiKey {id: $id})
RETURN k {.*} AS key
