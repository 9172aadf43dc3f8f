// Import: channels the tenant does not have yet (an existing one keeps its settings); counters follow the messages.
// The current summary is kept only when it is the tenant's (summaries are imported first).
CYPHER 25
UNWIND $items AS item
OPTIONAL MATCH (x:Channel {tenantId: $tenantId, id: item.id})
CALL (item, x) {
  WITH item
  WHERE x IS NULL
  OPTIONAL MATCH (s:Summary {tenantId: $tenantId, id: item.summaryId})
  CREATE (c:Channel)
  SET c = item, c.tenantId = $tenantId, c.messageCount = 0, c.summaryId = s.id
  RETURN count(c) AS made
}
RETURN item.id AS id, x IS NOT NULL AS existed, made
