// Tests only: makes a tenant's retired memories look as they did before validity in time (no validUntil), so the
// backfill at boot (meta/backfill-valid-until) can be checked on the real server.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId})
WHERE m.status = 'SUPERSEDED'
REMOVE m.validUntil
RETURN count(m) AS unset
