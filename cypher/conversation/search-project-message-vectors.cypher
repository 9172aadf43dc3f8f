// The shared messages (`shared`: a GUARDIAN's message in a non-private channel) of the tenant's channels of
// $projectId other than $channelId, whose own messages search-channel-message-vectors finds. Tenant and `shared` are
// filtered inside the vector index (its filters are property predicates joined by AND); the project, the channel and
// time afterwards, and the adapter widens $limit while fetched hits fill it. The index scores cosine as (1 + cos) / 2.
CYPHER 25
MATCH (msg:Message)
  SEARCH msg IN (
    VECTOR INDEX message_embedding
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
