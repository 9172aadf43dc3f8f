// $query is a Lucene query the adapter builds from the tenant's tenantKey token and plain words only. Scope (one
// channel, or shared messages of other channels), tenant and time are checked again here; the adapter widens
// $limit while fetched hits fill it.
CYPHER 25
CALL db.index.fulltext.queryNodes('message_text', $query, {limit: $limit}) YIELD node, score
WITH count(*) AS fetched,
  collect(
    CASE
      WHEN node.tenantId = $tenantId
        AND (($channelId IS NOT NULL AND node.channelId = $channelId)
          OR ($channelId IS NULL AND node.shared = true
            AND ($excludeChannelId IS NULL OR node.channelId <> $excludeChannelId)))
        AND ($after IS NULL OR node.createdAt > $after)
        AND ($before IS NULL OR node.createdAt < $before)
      THEN {id: node.id, score: score}
    END
  ) AS hits
RETURN fetched, hits
