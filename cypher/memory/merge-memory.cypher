// Atomic insert of a live (ACTIVE or QUARANTINED) memory: the unique (tenantId, liveFingerprint) constraint makes
// concurrent identical writes meet on one node. created is false when another write already holds the fingerprint.
CYPHER 25
MERGE (m:Memory {tenantId: $tenantId, liveFingerprint: $liveFingerprint})
ON CREATE SET m += $props, m:$($label)
RETURN m.id = $props.id AS created, m {.*, embedding: null, embeddingPrevious: null} AS memory
