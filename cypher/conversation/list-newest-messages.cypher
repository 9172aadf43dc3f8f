// the last $limit (the adapter reverses them) messages of a channel in (createdAt, seq) order: live ones only when $live, strictly before
// ($beforeAt, $beforeSeq) and at or before ($throughAt, $throughSeq) when given.
CYPHER 25
MATCH (msg:Message {tenantId: $tenantId, channelId: $channelId})
WHERE (NOT $live OR msg.summaryId IS NULL)
  AND ($beforeAt IS NULL OR msg.createdAt < $beforeAt OR (msg.createdAt = $beforeAt AND msg.seq < $beforeSeq))
  AND ($throughAt IS NULL OR msg.createdAt < $throughAt OR (msg.createdAt = $throughAt AND msg.seq <= $throughSeq))
RETURN msg {.*, embedding: null, embeddingPrevious: null, prevContent: null, nextContent: null} AS message
ORDER BY msg.createdAt DESC, msg.seq DESC
LIMIT $limit
