// Same filter as memory/list-memories, without the page position.
CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId
  AND m.status IN $statuses
  AND (size($types) = 0 OR m.type IN $types)
  AND ($scope IS NULL OR m.scope = $scope)
  AND ($channelId IS NULL OR m.channelId = $channelId)
  AND ($projectId IS NULL OR m.projectId = $projectId)
  AND all(tag IN $tags WHERE tag IN m.tags)
  AND ($asOf IS NULL OR (coalesce(m.occurredAt, m.createdAt) <= $asOf
    AND (m.validUntil IS NULL OR m.validUntil > $asOf)))
RETURN count(m) AS total
