// memory/list-memories for a filter whose tags include `constraint`: starts from the memory_tenant_constraint index.
CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId
  AND m.constraintTag = true
  AND m.status IN $statuses
  AND (size($types) = 0 OR m.type IN $types)
  AND ($scope IS NULL OR m.scope = $scope)
  AND ($channelId IS NULL OR m.channelId = $channelId)
  AND ($projectId IS NULL OR m.projectId = $projectId)
  AND all(tag IN $tags WHERE tag IN m.tags)
  AND ($asOf IS NULL OR (coalesce(m.occurredAt, m.createdAt) <= $asOf
    AND (m.validUntil IS NULL OR m.validUntil > $asOf)))
  AND ($afterCreatedAt IS NULL OR m.createdAt < $afterCreatedAt OR (m.createdAt = $afterCreatedAt AND m.id < $afterId))
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
ORDER BY m.createdAt DESC, m.id DESC
LIMIT $limit
