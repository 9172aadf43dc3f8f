// While a migration runs: conversation/search-channel-message-vectors over the previous model's vectors
// (embeddingPrevious), for a query embedded with that model. The index scores cosine as (1 + cos) / 2.
CYPHER 25
MATCH (msg:Message)
  SEARCH msg IN (
    VECTOR INDEX message_embedding_previous
    FOR $vector
    WHERE msg.tenantId = $tenantId AND msg.channelId = $channelId
    LIMIT $limit
  ) SCORE AS score
WITH count(*) AS fetched,
  collect(
    CASE
      WHEN ($after IS NULL OR msg.createdAt > $after) AND ($before IS NULL OR msg.createdAt < $before)
      THEN {id: msg.id, score: score}
    END
  ) AS hits
RETURN fetched, hits
