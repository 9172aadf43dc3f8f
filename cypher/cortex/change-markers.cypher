// The cheap change marker of ACTIVE memories: one row per tenant ($tenantId null: every tenant).
CYPHER 25
MATCH (m:Memory)
WHERE m.status = 'ACTIVE' AND ($tenantId IS NULL OR m.tenantId = $tenantId)
RETURN m.tenantId AS tenantId, count(*) AS count, max(m.updatedAt.epochMillis) AS lastChangeAt,
  sum(m.createdAt.epochMillis % $modulus) AS createdSum
