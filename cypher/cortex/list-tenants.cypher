CYPHER 25
MATCH (m:Memory)
RETURN DISTINCT m.tenantId AS tenantId
ORDER BY tenantId
