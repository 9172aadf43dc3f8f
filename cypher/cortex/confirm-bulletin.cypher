CYPHER 25
MATCH (b:Bulletin)
WHERE b.tenantId = $tenantId AND b.id = $id
SET b.marker = $marker
