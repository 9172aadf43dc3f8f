// Messages without a vector, of the tenant (every tenant when $tenantId is null), and the oldest one's time (backlog
// gauges). A message carries the OwedVector label from its create without a vector until its vector is saved, so
// this reads the label's nodes only, never every message.
CYPHER 25
MATCH (msg:OwedVector)
WHERE $tenantId IS NULL OR msg.tenantId = $tenantId
RETURN count(msg) AS items, min(coalesce(msg.storedAt, msg.createdAt)) AS oldest
