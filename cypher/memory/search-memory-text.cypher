// $query is a Lucene query the adapter builds from the tenant's tenantKey token and plain words only. Tenant, status,
// scope, type, task and asOf (validity) are checked again here; the adapter widens $limit while fetched hits fill it.
CYPHER 25
CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: $limit}) YIELD node, score
WITH count(*) AS fetched,
  collect(
    CASE
      WHEN node.tenantId = $tenantId
        AND node.status IN $statuses
        AND (size($types) = 0 OR node.type IN $types)
        AND any(s IN $scopes WHERE s.scope = node.scope
          AND (s.id IS NULL OR s.id = CASE node.scope WHEN 'PROJECT' THEN node.projectId ELSE node.channelId END))
        AND (NOT $taskFilter OR node.sourceTaskId IS NULL OR node.sourceTaskId = $taskId)
        AND ($asOf IS NULL OR (coalesce(node.occurredAt, node.createdAt) <= $asOf
          AND (node.validUntil IS NULL OR node.validUntil > $asOf)))
      THEN {id: node.id, score: score}
    END
  ) AS hits
RETURN fetched, hits
