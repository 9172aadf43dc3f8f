CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id IN $ids AND m.status = 'ACTIVE'
SET m.status = 'SUPERSEDED', m.supersededBy = $supersededBy, m.updatedAt = $at
REMOVE m.liveFingerprint, m.activeSlot
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
