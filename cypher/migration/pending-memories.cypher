// The next memories after the cursor in id order (the id constraint's index serves the range and the order).
CYPHER 25
MATCH (m:Memory)
WHERE m.id > $after
RETURN m.id AS id, m.content AS content, null AS speaker, m.embedding IS NOT NULL AS embedded
ORDER BY m.id
LIMIT $limit
