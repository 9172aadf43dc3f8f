CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, slot: $slot})
WHERE m.status = 'ACTIVE'
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
ORDER BY m.createdAt DESC, m.id DESC
