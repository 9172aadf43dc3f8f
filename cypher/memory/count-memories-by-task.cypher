CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, sourceTaskId: $taskId})
RETURN count(m) AS total
