// Purge: one batch of the tenant's SlotLock nodes (the write path's per-slot locks; they carry no vectors).
CYPHER 25
MATCH (n:SlotLock)
WHERE n.tenantId = $tenantId
WITH n
LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted, 0 AS vectors
