// Channels of the tenant (every tenant when $tenantId is null) whose live tokens exceed $share of their budget (their
// own, else $defaultBudget), and when the oldest live message among them was stored (backlog gauges). Walks each channel's messages
// along message_channel_order; compaction keeps the live ones few.
CYPHER 25
MATCH (c:Channel)
WHERE $tenantId IS NULL OR c.tenantId = $tenantId
CALL (c) {
  MATCH (msg:Message {tenantId: c.tenantId, channelId: c.id})
  WHERE msg.summaryId IS NULL
  RETURN coalesce(sum(msg.tokenCount), 0) AS tokens, min(coalesce(msg.storedAt, msg.createdAt)) AS oldest
}
WITH tokens, oldest, coalesce(c.tokenBudget, $defaultBudget) AS budget
WHERE tokens > $share * budget
RETURN count(*) AS items, min(oldest) AS oldest
