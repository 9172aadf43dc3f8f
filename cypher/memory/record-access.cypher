CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id IN $ids
SET m.accessCount = coalesce(m.accessCount, 0) + 1, m.lastAccessedAt = $at
