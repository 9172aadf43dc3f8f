// Corrections over time: each retired memory with the one that replaced it and the UPDATES/CONTRADICTS edges.
CYPHER 25
MATCH (old:Memory {tenantId: $tenantId, status: 'SUPERSEDED'})
MATCH (new:Memory {tenantId: $tenantId, id: old.supersededBy})
OPTIONAL MATCH (new)-[r:UPDATES|CONTRADICTS]->(old)
RETURN old, new, r
ORDER BY new.createdAt DESC
LIMIT 100
