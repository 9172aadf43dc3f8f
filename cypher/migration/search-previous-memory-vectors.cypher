// While a migration runs: the previous model's vectors (embeddingPrevious), for a query embedded with that model.
// Same filters as memory/search-memory-vectors; the index scores cosine as (1 + cos) / 2.
CYPHER 25
MATCH (m:Memory)
  SEARCH m IN (
    VECTOR INDEX memory_embedding_previous
    FOR $vector
    WHERE m.tenantId = $tenantId AND m.status = $status
    LIMIT $limit
  ) SCORE AS score
WITH count(*) AS fetched,
  collect(
    CASE
      WHEN (size($types) = 0 OR m.type IN $types)
        AND any(s IN $scopes WHERE s.scope = m.scope
          AND (s.id IS NULL OR s.id = CASE m.scope WHEN 'PROJECT' THEN m.projectId ELSE m.channelId END))
        AND (NOT $taskFilter OR m.sourceTaskId IS NULL OR m.sourceTaskId = $taskId)
        AND ($asOf IS NULL OR (coalesce(m.occurredAt, m.createdAt) <= $asOf
          AND (m.validUntil IS NULL OR m.validUntil > $asOf)))
      THEN {id: m.id, score: score}
    END
  ) AS hits
RETURN fetched, hits
