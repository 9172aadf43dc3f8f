// After an import: each channel's counters, and every message's neighbour text (prevContent / nextContent, from the
// neighbours' search words) in order, with the weightedWords it goes into (lucene-query.ts messageWeightedWords).
CYPHER 25
UNWIND $channelIds AS channelId
MATCH (c:Channel {tenantId: $tenantId, id: channelId})
CALL (c) {
  OPTIONAL MATCH (c)-[:HAS_MESSAGE]->(msg:Message)
  WITH msg
  ORDER BY msg.createdAt, msg.seq
  WITH [x IN collect(msg) WHERE x IS NOT NULL] AS ordered
  CALL (ordered) {
    UNWIND range(0, size(ordered) - 1) AS i
    WITH ordered[i] AS msg, CASE WHEN i > 0 THEN ordered[i - 1].contentWords END AS before,
      CASE WHEN i < size(ordered) - 1 THEN ordered[i + 1].contentWords END AS after
    SET msg.prevContent = left(before, $neighbourChars), msg.nextContent = left(after, $neighbourChars)
    SET msg.weightedWords = reduce(words = msg.contentWords + ' ' + msg.contentWords,
      part IN [w IN [msg.speakerWords, msg.speakerWords, msg.prevContent, msg.nextContent] WHERE w <> ''] | words + ' ' + part)
  }
  RETURN size(ordered) AS messages, CASE WHEN size(ordered) > 0 THEN ordered[size(ordered) - 1].createdAt END AS lastAt
}
SET c.messageCount = messages, c.lastMessageAt = lastAt
RETURN count(c) AS refreshed
