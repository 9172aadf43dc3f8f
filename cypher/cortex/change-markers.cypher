// The cheap change marker of one tenant's ACTIVE memories (seeks memory_status_tenant). The driver hands back plain
// JavaScript numbers (disableLosslessIntegers), exact only below 2^53, which a sum of 2^31-sized terms passes beyond
// 4 million memories: the sum wraps at 2^53 here, where integers are exact 64-bit (unchanged below it).
CYPHER 25
MATCH (m:Memory)
WHERE m.status = 'ACTIVE' AND m.tenantId = $tenantId
RETURN m.tenantId AS tenantId, count(*) AS count, max(m.updatedAt.epochMillis) AS lastChangeAt,
  sum(m.createdAt.epochMillis % $modulus) % $wrap AS createdSum
