CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $id})
OPTIONAL MATCH (successor:Memory {tenantId: $tenantId, supersededBy: $id})
SET successor.supersededBy = null
WITH DISTINCT m
DETACH DELETE m
RETURN count(*) AS deleted
