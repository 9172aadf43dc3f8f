// Import: memories whose id is free and whose live fingerprint and ACTIVE slot are not held by another memory of
// the tenant. $items[].label comes from the MemoryType whitelist.
CYPHER 25
UNWIND $items AS item
OPTIONAL CALL (item) {
  MATCH (x:Memory {id: item.props.id})
  RETURN x.tenantId AS owner
}
OPTIONAL CALL (item) {
  MATCH (f:Memory {tenantId: $tenantId, liveFingerprint: item.props.liveFingerprint})
  RETURN true AS fingerprintTaken
  LIMIT 1
}
OPTIONAL CALL (item) {
  MATCH (s:Memory {tenantId: $tenantId, activeSlot: item.props.activeSlot})
  RETURN true AS slotTaken
  LIMIT 1
}
WITH item, owner, coalesce(fingerprintTaken, slotTaken, false) AS taken
CALL (item, owner, taken) {
  WITH item
  WHERE owner IS NULL AND NOT taken
  CREATE (m:Memory)
  SET m = item.props, m.tenantId = $tenantId, m:$(item.label)
  RETURN count(m) AS made
}
RETURN item.props.id AS id, owner, taken, made
