// Messages searchable across channels (a GUARDIAN's message in a non-private channel: `shared`), filtered inside
// the vector index with the tenant; the excluded channel and time are checked afterwards.
CYPHER 25
MATCH (msg:Message)
  SEARCH msg IN (
    VECTOR INDEX message_embedding
    FOR $vector
    WHERE msg.tenantId = $tenantId AND msg.shared = true
    LIMIT $limit
  ) SCORE AS score
WITH count(*) AS fetched,
  collect(
    CASE
      WHEN ($excludeChannelId IS NULL OR msg.channelId <> $excludeChannelId)
        AND ($after IS NULL OR msg.createdAt > $after)
        AND ($before IS NULL OR msg.createdAt < $before)
      THEN {id: msg.id, score: score}
    END
  ) AS hits
RETURN fetched, hits
