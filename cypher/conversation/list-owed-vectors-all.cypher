// Messages of every tenant still without a vector, at or before $olderThan, newest first (the owed-work sweep):
// read backwards along message_created, stopping after $limit owed ones.
CYPHER 25
MATCH (msg:Message)
WHERE msg.createdAt <= $olderThan AND msg.embedding IS NULL
RETURN msg.tenantId AS tenantId, msg.id AS messageId, msg.speaker AS speaker, msg.content AS content
ORDER BY msg.createdAt DESC
LIMIT $limit
