// ACTIVE memories of the tenant (every tenant when $tenantId is null) owed their entity links, and since when the
// oldest (the owed-links gauges): only the nodes memory_entities_owed holds.
CYPHER 25
MATCH (m:Memory)
WHERE m.entitiesOwedAt IS NOT NULL
  AND m.status = 'ACTIVE'
  AND ($tenantId IS NULL OR m.tenantId = $tenantId)
RETURN count(m) AS items, min(m.entitiesOwedAt) AS oldest
