// A slot's values over time: its ACTIVE and SUPERSEDED memories, oldest first (validFrom is occurredAt).
CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.slot = $slot AND m.status IN ['ACTIVE', 'SUPERSEDED']
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
ORDER BY coalesce(m.occurredAt, m.createdAt), m.createdAt, m.id
LIMIT $limit
