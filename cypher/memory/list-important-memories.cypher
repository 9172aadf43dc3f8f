CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId
  AND m.status IN $statuses
  AND (size($types) = 0 OR m.type IN $types)
  AND any(s IN $scopes WHERE s.scope = m.scope
    AND (s.id IS NULL OR s.id = CASE m.scope WHEN 'PROJECT' THEN m.projectId ELSE m.channelId END))
  AND (NOT $taskFilter OR m.sourceTaskId IS NULL OR m.sourceTaskId = $taskId)
  AND ($asOf IS NULL OR (coalesce(m.occurredAt, m.createdAt) <= $asOf
    AND (m.validUntil IS NULL OR m.validUntil > $asOf)))
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
ORDER BY m.importance DESC, m.createdAt DESC, m.id DESC
LIMIT $limit
