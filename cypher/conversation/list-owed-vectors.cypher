// Messages of the tenant ($tenantId null: of every tenant) still without a vector, at or before $olderThan, newest
// first (the owed-work sweep: appendMessage answers before the message is embedded).
CYPHER 25
MATCH (msg:Message)
WHERE ($tenantId IS NULL OR msg.tenantId = $tenantId) AND msg.embedding IS NULL AND msg.createdAt <= $olderThan
RETURN msg.tenantId AS tenantId, msg.id AS messageId, msg.speaker AS speaker, msg.content AS content
ORDER BY msg.createdAt DESC
LIMIT $limit
