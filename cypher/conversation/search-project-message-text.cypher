// Full-text search of a channel in its project: every message of $channelId, and the shared messages (`shared`: a
// GUARDIAN's message in a non-private channel) of the tenant's other channels of $projectId. $query is a Lucene
// query the adapter builds from the tenant's tenantKey token and plain words only; scope, tenant and time are checked
// again here, and the adapter widens $limit while fetched hits fill it.
CYPHER 25
CALL db.index.fulltext.queryNodes('message_text', $query, {limit: $limit}) YIELD node, score
WITH node, score,
  node.tenantId = $tenantId
    AND (node.channelId = $channelId
      OR (node.shared = true
        AND EXISTS { MATCH (c:Channel {tenantId: $tenantId, id: node.channelId}) WHERE c.projectId = $projectId }))
    AND ($after IS NULL OR node.createdAt > $after)
    AND ($before IS NULL OR node.createdAt < $before) AS visible
WITH count(*) AS fetched, collect(CASE WHEN visible THEN {id: node.id, score: score} END) AS hits
RETURN fetched, hits
