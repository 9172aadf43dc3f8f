// Tenant and channel are filtered inside the vector index (declared WITH the index); time afterwards, the adapter
// widens $limit while fetched hits fill it. The index scores cosine as (1 + cos) / 2.
CYPHER 25
MATCH (msg:Message)
  SEARCH msg IN (
    VECTOR INDEX message_embedding
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
