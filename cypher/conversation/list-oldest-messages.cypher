// the first $limit messages of a channel in (createdAt, seq) order: live ones only when $live, strictly before
// ($beforeAt, $beforeSeq) and at or before ($throughAt, $throughSeq) when given. ORDER BY names message_channel_order's
// leading keys so the index is read in order and the read stops after $limit; every message has a createdAt, and
// saying so lets the planner use that composite index (each of its keys needs a predicate).
CYPHER 25
MATCH (msg:Message {tenantId: $tenantId, channelId: $channelId})
WHERE msg.createdAt IS NOT NULL
  AND (NOT $live OR msg.summaryId IS NULL)
  AND ($beforeAt IS NULL OR msg.createdAt < $beforeAt OR (msg.createdAt = $beforeAt AND msg.seq < $beforeSeq))
  AND ($throughAt IS NULL OR msg.createdAt < $throughAt OR (msg.createdAt = $throughAt AND msg.seq <= $throughSeq))
RETURN msg {.*, embedding: null, embeddingPrevious: null, prevContent: null, nextContent: null,
  weightedWords: null} AS message
ORDER BY msg.tenantId, msg.channelId, msg.createdAt, msg.seq
LIMIT $limit
