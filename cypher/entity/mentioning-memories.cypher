// Memories mentioning any node of the group rooted at $rootId, newest first.
CYPHER 25
MATCH (e:Entity {tenantId: $tenantId, rootId: $rootId})<-[:MENTIONS]-(m:Memory)
WHERE m.tenantId = $tenantId
WITH DISTINCT m
RETURN m.id AS id
ORDER BY m.occurredAt DESC, m.id DESC
LIMIT $limit
