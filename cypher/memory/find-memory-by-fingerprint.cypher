// Only live memories hold liveFingerprint, so this finds the one ACTIVE or QUARANTINED duplicate, if any.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, liveFingerprint: $fingerprint})
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
