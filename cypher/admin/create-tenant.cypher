CYPHER 25
OPTIONAL MATCH (existing:Tenant {id: $id})
WITH existing
WHERE existing IS NULL
CREATE (t:Tenant {id: $id, createdAt: $createdAt})
RETURN t.id AS id
