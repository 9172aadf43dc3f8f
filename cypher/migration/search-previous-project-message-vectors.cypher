// While a migration runs: conversation/search-project-message-vectors over the previous model's vectors
// (embeddingPrevious), for a query embedded with that model. The index scores cosine as (1 + cos) / 2.
CYPHER 25
MATCH (msg:Message)
  SEARCH msg IN (
    VECTOR INDEX message_embedding_previous
    FOR $vector
    WHERE msg.tenantId = $tenantId AND msg.shared = true
    LIMIT $limit
  ) SCORE AS score
WITH msg, score,
  msg.channelId <> $channelId
    AND EXISTS { MATCH (c:Channel {tenantId: $tenantId, id: msg.channelId}) WHERE c.projectId = $projectId }
    AND ($after IS NULL OR msg.createdAt > $after)
    AND ($before IS NULL OR msg.createdAt < $before) AS visible
WITH count(*) AS fetched, collect(CASE WHEN visible THEN {id: msg.id, score: score} END) AS hits
RETURN fetched, hits
