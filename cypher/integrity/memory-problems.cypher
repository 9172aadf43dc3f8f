// Integrity check, one tenant: memories that full-text or vector search cannot find as stored, or whose uniqueness
// guards (liveFingerprint, activeSlot) disagree with them. A zero vector is stored without an embedding property,
// so such a memory (text without any word the embedder knows) reports a missing vector too.
CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId
  AND ((m.embeddingModel IS NOT NULL AND m.embedding IS NULL)
    OR m.tenantKey IS NULL OR m.tenantKey <> $tenantKey OR m.content IS NULL OR m.contentWords IS NULL
    OR (m.liveFingerprint IS NOT NULL AND (m.liveFingerprint <> m.fingerprint OR NOT m.status IN $liveStatuses))
    OR (m.activeSlot IS NOT NULL AND (m.activeSlot <> m.slot OR m.status <> 'ACTIVE')))
RETURN m.id AS id,
  m.status AS status,
  m.embeddingModel AS embeddingModel,
  m.embedding IS NOT NULL AS hasVector,
  m.tenantKey AS tenantKey,
  m.content IS NOT NULL AND m.contentWords IS NOT NULL AS hasText,
  m.liveFingerprint IS NOT NULL AND (m.liveFingerprint <> m.fingerprint OR NOT m.status IN $liveStatuses) AS badFingerprint,
  m.activeSlot IS NOT NULL AND (m.activeSlot <> m.slot OR m.status <> 'ACTIVE') AS badSlot
ORDER BY id;
