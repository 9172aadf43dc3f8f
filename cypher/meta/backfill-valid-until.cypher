// Memories retired before validity in time, up to $limit of them: validUntil becomes their successor's occurredAt
// (never before their own), or the moment they were retired when the successor is gone.
CYPHER 25
MATCH (m:Memory)
WHERE m.status = 'SUPERSEDED' AND m.validUntil IS NULL
WITH m
LIMIT $limit
OPTIONAL MATCH (s:Memory {tenantId: m.tenantId, id: m.supersededBy})
WITH m, coalesce(m.occurredAt, m.createdAt) AS validFrom, coalesce(s.occurredAt, s.createdAt, m.updatedAt) AS ended
SET m.validUntil = CASE WHEN ended < validFrom THEN validFrom ELSE ended END
RETURN count(m) AS changed
