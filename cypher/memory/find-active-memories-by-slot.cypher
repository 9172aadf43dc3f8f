CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, slot: $slot})
WHERE m.status = 'ACTIVE'
RETURN m {
  .id, .tenantId, .type, .content, .status, .scope, .channelId, .projectId, .slot, .importance, .baseImportance,
  .centrality, .confidence, .tags, .fingerprint, .sourceRole, .sourceChannelId, .sourceMessageId, .sourceTaskId,
  .createdAt, .updatedAt, .lastAccessedAt, .lastSeenAt, .accessCount, .supersededBy, .embeddingModel
} AS memory
ORDER BY m.createdAt DESC, m.id DESC
