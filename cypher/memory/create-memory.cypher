// Insert of a memory that starts retired (no live fingerprint, so nothing to collide with).
CYPHER 25
CREATE (m:Memory {tenantId: $tenantId})
SET m += $props, m:$($label)
RETURN true AS created, m {
  .id, .tenantId, .type, .content, .status, .scope, .channelId, .projectId, .slot, .importance, .baseImportance,
  .centrality, .confidence, .tags, .fingerprint, .sourceRole, .sourceChannelId, .sourceMessageId, .sourceTaskId,
  .createdAt, .updatedAt, .lastAccessedAt, .lastSeenAt, .accessCount, .supersededBy, .embeddingModel
} AS memory
