// The next messages after the cursor in id order (the id constraint's index serves the range and the order).
CYPHER 25
MATCH (msg:Message)
WHERE msg.id > $after
RETURN msg.id AS id, msg.content AS content, msg.speaker AS speaker, msg.embedding IS NOT NULL AS embedded
ORDER BY msg.id
LIMIT $limit
