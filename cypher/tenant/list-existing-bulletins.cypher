// Import: which of these bulletin ids the store holds already, and whether the tenant or another one holds each.
CYPHER 25
UNWIND $ids AS id
MATCH (b:Bulletin {id: id})
RETURN b.id AS id, b.tenantId = $tenantId AS ours
