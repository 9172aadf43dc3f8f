// Memories written before the full-text index held search words (contentWords), after $afterId in id order.
CYPHER 25
MATCH (m:Memory)
WHERE m.id > $afterId AND m.contentWords IS NULL
RETURN m.id AS id, m.content AS content, m.context AS context
ORDER BY m.id
LIMIT $limit
