// Import: channels the tenant does not have yet (an existing one keeps its settings); counters follow the messages.
CYPHER 25
UNWIND $items AS item
OPTIONAL MATCH (x:Channel {tenantId: $tenantId, id: item.id})
CALL (item, x) {
  WITH item
  WHERE x IS NULL
  CREATE (c:Channel)
  SET c = item, c.tenantId = $tenantId, c.messageCount = 0
  RETURN count(c) AS made
}
RETURN item.id AS id, x IS NOT NULL AS existed, made
