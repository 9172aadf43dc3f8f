CYPHER 25
MATCH (t:Tenant {id: $id})
RETURN t.id AS id, t.createdAt AS createdAt
