// Import: which of these entity ids the store holds already, and whether the tenant or another one holds each.
CYPHER 25
UNWIND $ids AS id
MATCH (e:Entity {id: id})
RETURN e.id AS id, e.tenantId = $tenantId AS ours
