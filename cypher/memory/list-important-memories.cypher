CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId
  AND m.status IN $statuses
  AND (size($types) = 0 OR m.type IN $types)
  AND (m.scope = 'GLOBAL'
    OR (m.scope = 'PROJECT' AND m.projectId = $projectId)
    OR (m.scope = 'THREAD' AND m.channelId = $channelId))
  AND (NOT $taskFilter OR m.sourceTaskId IS NULL OR m.sourceTaskId = $taskId)
RETURN m {.*, embedding: null} AS memory
ORDER BY m.importance DESC, m.createdAt DESC, m.id DESC
LIMIT $limit
