// What the maintenance job demoted: ACTIVE memories that are fading (decay below 0.15) or past their type's
// lifetime. Nothing here was deleted; recall ranks them lower and the bulletin leaves expired ones out.
// First run `:param tenantId => 'your-tenant'`.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, status: 'ACTIVE'})
WHERE m.fading = true OR m.expiredAt IS NOT NULL
RETURN m.type AS type, m.content AS content, round(m.decayScore, 3) AS decay, m.expiredAt AS expiredAt,
  m.lastSeenAt AS lastSeenAt, m.accessCount AS accessCount
ORDER BY m.decayScore ASC
LIMIT 100
