CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id IN $ids AND m.status = 'ACTIVE'
SET m.status = 'SUPERSEDED', m.supersededBy = $supersededBy, m.updatedAt = $at
REMOVE m.liveFingerprint, m.activeSlot
RETURN m {
  .id, .tenantId, .type, .content, .status, .scope, .channelId, .projectId, .slot, .importance, .baseImportance,
  .centrality, .confidence, .tags, .fingerprint, .sourceRole, .sourceChannelId, .sourceMessageId, .sourceTaskId,
  .createdAt, .updatedAt, .lastAccessedAt, .lastSeenAt, .accessCount, .supersededBy, .embeddingModel
} AS memory
