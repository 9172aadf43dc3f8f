CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id IN $ids
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
