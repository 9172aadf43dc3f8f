// Channels of every tenant whose live (unsummarised) tokens exceed $share of their budget (their own, else
// $defaultBudget), with the newest live message a compaction runs through; most tokens first (the owed-work sweep).
CYPHER 25
MATCH (c:Channel)
CALL (c) {
  MATCH (msg:Message {tenantId: c.tenantId, channelId: c.id})
  WHERE msg.summaryId IS NULL
  RETURN coalesce(sum(msg.tokenCount), 0) AS tokens
}
WITH c, tokens, coalesce(c.tokenBudget, $defaultBudget) AS budget
WHERE tokens > $share * budget
CALL (c) {
  MATCH (msg:Message {tenantId: c.tenantId, channelId: c.id})
  WHERE msg.summaryId IS NULL
  RETURN msg.id AS newest
  ORDER BY msg.tenantId DESC, msg.channelId DESC, msg.createdAt DESC, msg.seq DESC
  LIMIT 1
}
RETURN c.tenantId AS tenantId, c.id AS channelId, tokens AS liveTokens, budget, newest AS newestLiveMessageId
ORDER BY liveTokens DESC, tenantId, channelId
LIMIT $limit
