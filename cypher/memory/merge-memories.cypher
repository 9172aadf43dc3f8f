// Batched memory/merge-memory for plain inserts (live, no slot to claim, nothing to retire, no task budget): one row
// per item with the same fresh/ours answer. The adapter never sends two items with one id or live fingerprint in one
// statement: every row's OPTIONAL CALL runs before the MERGEs (Cypher manual, Clauses > Clause composition).
CYPHER 25
UNWIND $items AS item
OPTIONAL CALL (item) {
  MATCH (held:Memory {tenantId: $tenantId, liveFingerprint: item.liveFingerprint})
  RETURN true AS taken
  LIMIT 1
}
WITH item, taken IS NULL AS fresh
MERGE (m:Memory {tenantId: $tenantId, liveFingerprint: item.liveFingerprint})
ON CREATE SET m += item.props, m:$(item.label)
RETURN item.props.id AS id, fresh, m.id = item.props.id AS ours, m {.*, embedding: null, embeddingPrevious: null} AS memory
