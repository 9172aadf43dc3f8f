// Insert of a memory that starts retired (no live fingerprint, so nothing to collide with).
CYPHER 25
CREATE (m:Memory {tenantId: $tenantId})
SET m += $props, m:$($label)
RETURN true AS fresh, true AS ours, m {.*, embedding: null, embeddingPrevious: null} AS memory
