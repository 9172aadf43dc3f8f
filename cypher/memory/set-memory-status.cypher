// A live status (ACTIVE, QUARANTINED) takes the fingerprint back, and ACTIVE the slot, only when no other memory
// holds them; any other status releases both. ACTIVE clears validUntil, SUPERSEDED sets it unless it has one.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $id})
OPTIONAL MATCH (fingerprintHolder:Memory {tenantId: $tenantId, liveFingerprint: m.fingerprint})
WHERE fingerprintHolder <> m
OPTIONAL MATCH (slotHolder:Memory {tenantId: $tenantId, activeSlot: m.slot})
WHERE slotHolder <> m
WITH m,
  $status IN $liveStatuses AND fingerprintHolder IS NULL AS live,
  $status = 'ACTIVE' AND slotHolder IS NULL AS slotFree
SET m.status = $status,
    m.updatedAt = $at,
    m.liveFingerprint = CASE WHEN live THEN m.fingerprint ELSE null END,
    m.activeSlot = CASE WHEN slotFree THEN m.slot ELSE null END,
    m.validUntil = CASE $status
      WHEN 'ACTIVE' THEN null
      WHEN 'SUPERSEDED' THEN coalesce(m.validUntil, CASE WHEN $at < coalesce(m.occurredAt, m.createdAt)
        THEN coalesce(m.occurredAt, m.createdAt) ELSE $at END)
      ELSE m.validUntil
    END
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
