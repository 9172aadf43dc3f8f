CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id IN $ids
RETURN m {
  .id, .tenantId, .type, .content, .status, .scope, .channelId, .projectId, .slot, .importance, .baseImportance,
  .centrality, .confidence, .tags, .fingerprint, .sourceRole, .sourceChannelId, .sourceMessageId, .sourceTaskId,
  .createdAt, .updatedAt, .lastAccessedAt, .lastSeenAt, .accessCount, .supersededBy, .embeddingModel
} AS memory
