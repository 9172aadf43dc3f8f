CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $id})
SET m.confidence = CASE WHEN $confidence > m.confidence THEN $confidence ELSE m.confidence END,
    m.lastSeenAt = $seenAt,
    m.updatedAt = $seenAt
RETURN m {
  .id, .tenantId, .type, .content, .status, .scope, .channelId, .projectId, .slot, .importance, .baseImportance,
  .centrality, .confidence, .tags, .fingerprint, .sourceRole, .sourceChannelId, .sourceMessageId, .sourceTaskId,
  .createdAt, .updatedAt, .lastAccessedAt, .lastSeenAt, .accessCount, .supersededBy, .embeddingModel
} AS memory
