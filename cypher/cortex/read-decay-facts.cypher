CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.status = 'ACTIVE' AND m.id > $afterId
RETURN m.id AS id, m.type AS type, m.tags AS tags, m.confidence AS confidence,
  coalesce(m.accessCount, 0) AS accessCount, m.lastAccessedAt AS lastAccessedAt, m.lastSeenAt AS lastSeenAt,
  m.decayScore AS decayScore, coalesce(m.fading, false) AS fading, m.expiredAt AS expiredAt
ORDER BY m.id
LIMIT $limit
