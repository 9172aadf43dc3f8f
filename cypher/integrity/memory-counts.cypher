// Integrity check: memories per tenant and status, and how many of them have no vector.
CYPHER 25
MATCH (m:Memory)
RETURN m.tenantId AS tenantId,
  m.status AS status,
  count(*) AS n,
  sum(CASE WHEN m.embeddingModel IS NULL THEN 1 ELSE 0 END) AS withoutVector
ORDER BY tenantId, status;
