// Import: which of these channel ids the tenant has (channel ids are per tenant).
CYPHER 25
UNWIND $ids AS id
MATCH (c:Channel {tenantId: $tenantId, id: id})
RETURN c.id AS id, true AS ours
