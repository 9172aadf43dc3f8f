// The groups each memory mentions, in the order they were linked (one write: by name).
CYPHER 25
UNWIND $memoryIds AS memoryId
MATCH (m:Memory {id: memoryId})-[r:MENTIONS]->(e:Entity)
WHERE m.tenantId = $tenantId AND e.tenantId = $tenantId
RETURN memoryId, e.rootId AS rootId
ORDER BY r.createdAt, e.name, e.id
