CYPHER 25
MATCH (t:Tenant)
RETURN t.id AS id, t.createdAt AS createdAt
ORDER BY id
