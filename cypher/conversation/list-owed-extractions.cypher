// Messages of the tenant ($tenantId null: of every tenant) still owed LLM extraction, at or before $olderThan, newest first (the owed-work sweep).
CYPHER 25
MATCH (msg:Message)
WHERE ($tenantId IS NULL OR msg.tenantId = $tenantId) AND msg.extractedAt IS NULL AND msg.createdAt <= $olderThan
RETURN msg.tenantId AS tenantId, msg.id AS messageId
ORDER BY msg.createdAt DESC
LIMIT $limit
