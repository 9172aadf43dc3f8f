// Messages still owed LLM extraction, of the tenant (every tenant when $tenantId is null), and the oldest one's time
// (backlog gauges). The OwedExtraction label lives from the message's create until it is marked extracted.
CYPHER 25
MATCH (msg:OwedExtraction)
WHERE $tenantId IS NULL OR msg.tenantId = $tenantId
RETURN count(msg) AS items, min(coalesce(msg.storedAt, msg.createdAt)) AS oldest
