CYPHER 25
MATCH (m:Memory {tenantId: $tenantId})-[r:EXTRACTED_FROM]->(msg:Message {tenantId: $tenantId, id: $messageId})
RETURN m.id AS id
ORDER BY r.createdAt, m.id
