// A channel with its messages and summaries, and every edge of theirs (HAS_MESSAGE, EXTRACTED_FROM, SUMMARIZES).
CYPHER 25
MATCH (c:Channel {tenantId: $tenantId, id: $channelId})
CALL (c) {
  MATCH (c)-[:HAS_MESSAGE]->(msg:Message)
  DETACH DELETE msg
}
CALL (c) {
  MATCH (s:Summary {tenantId: $tenantId, channelId: c.id})
  DETACH DELETE s
}
DETACH DELETE c
RETURN count(*) AS deleted
