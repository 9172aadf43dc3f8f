// Import: which of these memory ids the store holds already (any tenant): they are not embedded again.
CYPHER 25
UNWIND $ids AS id
MATCH (m:Memory {id: id})
RETURN m.id AS id, m.tenantId = $tenantId AS ours
