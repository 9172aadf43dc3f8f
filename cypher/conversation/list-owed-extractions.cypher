// Messages of the tenant still owed LLM extraction, at or before $olderThan, newest first (the owed-work sweep of one
// tenant). A tenant filter of its own, not `$tenantId IS NULL OR ...`, so the planner can seek message_tenant_created;
// extractedAt IS NULL cannot be answered by an index (nodes without a value are not indexed).
CYPHER 25
MATCH (msg:Message)
WHERE msg.tenantId = $tenantId AND msg.createdAt <= $olderThan AND msg.extractedAt IS NULL
RETURN msg.tenantId AS tenantId, msg.id AS messageId
ORDER BY msg.createdAt DESC
LIMIT $limit
