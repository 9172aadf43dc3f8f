// Messages of the tenant still without a vector, at or before $olderThan, newest first (the owed-work sweep of one
// tenant: appendMessage answers before the message is embedded). A tenant filter of its own, not
// `$tenantId IS NULL OR ...`, so the planner can seek message_tenant_created.
CYPHER 25
MATCH (msg:Message)
WHERE msg.tenantId = $tenantId AND msg.createdAt <= $olderThan AND msg.embedding IS NULL
RETURN msg.tenantId AS tenantId, msg.id AS messageId, msg.speaker AS speaker, msg.content AS content
ORDER BY msg.createdAt DESC
LIMIT $limit
