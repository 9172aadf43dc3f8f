// Import: which of these message ids the store holds already (any tenant): they are not embedded again.
CYPHER 25
UNWIND $ids AS id
MATCH (msg:Message {id: id})
RETURN msg.id AS id, msg.tenantId = $tenantId AS ours
