CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $id})
SET m.confidence = CASE WHEN $confidence > m.confidence THEN $confidence ELSE m.confidence END,
    m.lastSeenAt = $seenAt,
    m.updatedAt = $seenAt
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
