// Purge: a channel with its messages and summaries, and every edge of theirs (HAS_MESSAGE, EXTRACTED_FROM, SUMMARIZES).
CYPHER 25
MATCH (c:Channel {tenantId: $tenantId, id: $channelId})
CALL (c) {
  OPTIONAL MATCH (c)-[:HAS_MESSAGE]->(msg:Message)
  DETACH DELETE msg
  RETURN count(msg) AS messages
}
CALL (c) {
  OPTIONAL MATCH (s:Summary {tenantId: $tenantId, channelId: c.id})
  DETACH DELETE s
  RETURN count(s) AS summaries
}
DETACH DELETE c
RETURN count(*) AS channels, sum(messages) AS messages, sum(summaries) AS summaries
