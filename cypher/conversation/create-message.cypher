// Second step of an append: the message, its HAS_MESSAGE edge, and the neighbouring messages' text on both sides
// (prevContent / nextContent, copied from their search words; with content and speaker they make the indexed
// weightedWords, as lucene-query.ts messageWeightedWords does: a reply is found by what it answers). OwedVector /
// OwedExtraction mark the owed work the backlog gauges count, storedAt when it began (createdAt may be the client's,
// years back). The neighbours are read as list-message-neighbours reads them: in
// message_channel_order's order, stopping at the first.
CYPHER 25
MATCH (c:Channel {tenantId: $tenantId, id: $channelId})
CREATE (c)-[:HAS_MESSAGE]->(msg:Message)
SET msg += $props, msg.storedAt = datetime()
FOREACH (_ IN CASE WHEN msg.embedding IS NULL THEN [1] ELSE [] END | SET msg:OwedVector)
FOREACH (_ IN CASE WHEN msg.extractedAt IS NULL THEN [1] ELSE [] END | SET msg:OwedExtraction)
WITH msg
OPTIONAL CALL (msg) {
  MATCH (p:Message {tenantId: $tenantId, channelId: $channelId})
  WHERE p.createdAt <= msg.createdAt
  WITH p
  WHERE NOT (p.createdAt = msg.createdAt AND p.seq >= msg.seq)
  RETURN p
  ORDER BY p.tenantId DESC, p.channelId DESC, p.createdAt DESC, p.seq DESC
  LIMIT 1
}
OPTIONAL CALL (msg) {
  MATCH (n:Message {tenantId: $tenantId, channelId: $channelId})
  WHERE n.createdAt >= msg.createdAt
  WITH n
  WHERE NOT (n.createdAt = msg.createdAt AND n.seq <= msg.seq)
  RETURN n
  ORDER BY n.tenantId, n.channelId, n.createdAt, n.seq
  LIMIT 1
}
SET msg.prevContent = left(p.contentWords, $neighbourChars),
    msg.nextContent = left(n.contentWords, $neighbourChars),
    p.nextContent = left(msg.contentWords, $neighbourChars),
    n.prevContent = left(msg.contentWords, $neighbourChars)
WITH msg, p, n
CALL (msg, p, n) {
  UNWIND [x IN [msg, p, n] WHERE x IS NOT NULL] AS x
  SET x.weightedWords = reduce(words = x.contentWords + ' ' + x.contentWords,
    part IN [w IN [x.speakerWords, x.speakerWords, x.prevContent, x.nextContent] WHERE w <> ''] | words + ' ' + part)
}
RETURN msg {.*, embedding: null, embeddingPrevious: null, prevContent: null, nextContent: null,
  weightedWords: null} AS message
