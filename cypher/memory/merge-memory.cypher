// Atomic insert of a live (ACTIVE or QUARANTINED) memory: the unique (tenantId, liveFingerprint) constraint makes
// concurrent identical writes meet on one node. fresh: no node held the fingerprint when the statement began, so the
// MERGE created this one (a concurrent creator makes the MERGE match its node, whose id differs). ours: the node holds
// this insert's id, either created now or by an earlier run of the same insert (a retried transaction function).
CYPHER 25
OPTIONAL MATCH (held:Memory {tenantId: $tenantId, liveFingerprint: $liveFingerprint})
WITH held IS NULL AS fresh
MERGE (m:Memory {tenantId: $tenantId, liveFingerprint: $liveFingerprint})
ON CREATE SET m += $props, m:$($label)
RETURN fresh, m.id = $props.id AS ours, m {.*, embedding: null, embeddingPrevious: null} AS memory
