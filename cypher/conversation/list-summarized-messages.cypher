CYPHER 25
MATCH (s:Summary {tenantId: $tenantId, id: $summaryId})-[:SUMMARIZES]->(msg:Message)
WHERE msg.tenantId = $tenantId
RETURN msg.id AS id
ORDER BY msg.createdAt, msg.seq
