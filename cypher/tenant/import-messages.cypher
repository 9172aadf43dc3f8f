// Import: messages whose id is free, into channels of the tenant (HAS_MESSAGE); `shared` follows the channel.
CYPHER 25
UNWIND $items AS item
OPTIONAL CALL (item) {
  MATCH (x:Message {id: item.id})
  RETURN x.tenantId AS owner
}
OPTIONAL MATCH (c:Channel {tenantId: $tenantId, id: item.channelId})
CALL (item, owner, c) {
  WITH item, c
  WHERE owner IS NULL AND c IS NOT NULL
  CREATE (c)-[:HAS_MESSAGE]->(msg:Message)
  SET msg = item, msg.tenantId = $tenantId, msg.shared = (NOT c.private AND item.trust = 'GUARDIAN')
  FOREACH (_ IN CASE WHEN msg.embedding IS NULL THEN [1] ELSE [] END | SET msg:OwedVector)
  FOREACH (_ IN CASE WHEN msg.extractedAt IS NULL THEN [1] ELSE [] END | SET msg:OwedExtraction)
  RETURN count(msg) AS made
}
RETURN item.id AS id, owner, made
