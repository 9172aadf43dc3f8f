// A live status (ACTIVE, QUARANTINED) takes the fingerprint back when no other live memory holds it; a retired
// status releases it.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $id})
OPTIONAL MATCH (holder:Memory {tenantId: $tenantId, liveFingerprint: m.fingerprint})
WHERE holder <> m
WITH m, $status IN ['ACTIVE', 'QUARANTINED'] AND holder IS NULL AS live
SET m.status = $status,
    m.updatedAt = $at,
    m.liveFingerprint = CASE WHEN live THEN m.fingerprint ELSE null END
RETURN m {
  .id, .tenantId, .type, .content, .status, .scope, .channelId, .projectId, .slot, .importance, .baseImportance,
  .centrality, .confidence, .tags, .fingerprint, .sourceRole, .sourceChannelId, .sourceMessageId, .sourceTaskId,
  .createdAt, .updatedAt, .lastAccessedAt, .lastSeenAt, .accessCount, .supersededBy, .embeddingModel
} AS memory
