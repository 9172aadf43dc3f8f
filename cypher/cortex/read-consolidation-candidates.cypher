CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.status = 'ACTIVE' AND m.embedding IS NOT NULL
  AND ($since IS NULL OR m.updatedAt >= $since)
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory, m.embedding AS embedding
ORDER BY m.updatedAt, m.id
LIMIT $limit
