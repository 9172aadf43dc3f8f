// Creates or updates a channel's settings. Turning `private` on or off re-flags every message of the channel as
// searchable outside it (`shared`) or not, in the same transaction. The first SET takes the channel's write lock
// before `private` is read (Operations manual, Concurrent data access: lost updates), so two concurrent calls see
// each other's value and the messages end in step with the channel.
CYPHER 25
MERGE (c:Channel {tenantId: $tenantId, id: $channelId})
ON CREATE SET c.messageCount = 0, c.createdAt = $at
SET c.updatedAt = $at
WITH c, coalesce(c.private, false) <> $private AS privacyChanged
SET c.private = $private, c.projectId = $projectId, c.tokenBudget = $tokenBudget
WITH c, privacyChanged
CALL (c, privacyChanged) {
  MATCH (c)-[:HAS_MESSAGE]->(msg:Message)
  WHERE privacyChanged
  SET msg.shared = NOT c.private AND msg.trust = 'GUARDIAN'
  RETURN count(msg) AS reflagged
}
RETURN c {.*} AS channel
