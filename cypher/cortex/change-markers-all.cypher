// The cheap change marker of ACTIVE memories, one row per tenant (the cortex sweep); see change-markers for the sum.
CYPHER 25
MATCH (m:Memory)
WHERE m.status = 'ACTIVE' AND m.tenantId IS NOT NULL
RETURN m.tenantId AS tenantId, count(*) AS count, max(m.updatedAt.epochMillis) AS lastChangeAt,
  sum(m.createdAt.epochMillis % $modulus) % $wrap AS createdSum
