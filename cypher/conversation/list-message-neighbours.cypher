// Up to $span messages before and after each seed in its channel, nearest first.
CYPHER 25
UNWIND $seedIds AS seedId
MATCH (seed:Message {tenantId: $tenantId, id: seedId})
CALL (seed) {
  MATCH (p:Message {tenantId: $tenantId, channelId: seed.channelId})
  WHERE p.createdAt < seed.createdAt OR (p.createdAt = seed.createdAt AND p.seq < seed.seq)
  WITH p
  ORDER BY p.createdAt DESC, p.seq DESC
  LIMIT $span
  RETURN collect(p.id) AS before
}
CALL (seed) {
  MATCH (n:Message {tenantId: $tenantId, channelId: seed.channelId})
  WHERE n.createdAt > seed.createdAt OR (n.createdAt = seed.createdAt AND n.seq > seed.seq)
  WITH n
  ORDER BY n.createdAt, n.seq
  LIMIT $span
  RETURN collect(n.id) AS after
}
RETURN seed.id AS seedId, before, after
