// Import: which of these summary ids the store holds already, and whether the tenant or another one holds each.
CYPHER 25
UNWIND $ids AS id
MATCH (s:Summary {id: id})
RETURN s.id AS id, s.tenantId = $tenantId AS ours, CASE WHEN s.tenantId = $tenantId THEN s.channelId END AS channelId
