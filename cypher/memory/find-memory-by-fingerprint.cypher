// Only live memories hold liveFingerprint, so this finds the one ACTIVE or QUARANTINED duplicate, if any.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, liveFingerprint: $fingerprint})
RETURN m {
  .id, .tenantId, .type, .content, .status, .scope, .channelId, .projectId, .slot, .importance, .baseImportance,
  .centrality, .confidence, .tags, .fingerprint, .sourceRole, .sourceChannelId, .sourceMessageId, .sourceTaskId,
  .createdAt, .updatedAt, .lastAccessedAt, .lastSeenAt, .accessCount, .supersededBy, .embeddingModel
} AS memory
