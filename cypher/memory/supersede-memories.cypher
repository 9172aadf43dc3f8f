// $validUntil, the successor's occurredAt, ends each one's validity (never before its own occurredAt).
CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id IN $ids AND m.status = 'ACTIVE'
WITH m, coalesce(m.occurredAt, m.createdAt) AS validFrom
SET m.status = 'SUPERSEDED', m.supersededBy = $supersededBy, m.updatedAt = $at,
    m.validUntil = CASE WHEN $validUntil < validFrom THEN validFrom ELSE $validUntil END
REMOVE m.liveFingerprint, m.activeSlot
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
