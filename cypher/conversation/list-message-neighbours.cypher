// Up to $span messages before and after each seed in its channel, nearest first. The createdAt bound is the index's
// range, the seq tie-break a filter on it, and ORDER BY names the index's leading keys so the planner reads
// message_channel_order in order and stops after $span (a PartialTop): with an OR in the range, or only createdAt in
// ORDER BY, it read and sorted the whole channel for every seed.
CYPHER 25
UNWIND $seedIds AS seedId
MATCH (seed:Message {tenantId: $tenantId, id: seedId})
CALL (seed) {
  MATCH (p:Message {tenantId: $tenantId, channelId: seed.channelId})
  WHERE p.createdAt <= seed.createdAt
  WITH p
  WHERE NOT (p.createdAt = seed.createdAt AND p.seq >= seed.seq)
  WITH p
  ORDER BY p.tenantId DESC, p.channelId DESC, p.createdAt DESC, p.seq DESC
  LIMIT $span
  RETURN collect(p.id) AS before
}
CALL (seed) {
  MATCH (n:Message {tenantId: $tenantId, channelId: seed.channelId})
  WHERE n.createdAt >= seed.createdAt
  WITH n
  WHERE NOT (n.createdAt = seed.createdAt AND n.seq <= seed.seq)
  WITH n
  ORDER BY n.tenantId, n.channelId, n.createdAt, n.seq
  LIMIT $span
  RETURN collect(n.id) AS after
}
RETURN seed.id AS seedId, before, after
