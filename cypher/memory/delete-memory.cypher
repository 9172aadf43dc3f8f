CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $id})
OPTIONAL MATCH (retired:Memory {tenantId: $tenantId, supersededBy: $id})
SET retired.supersededBy = null
WITH DISTINCT m
DETACH DELETE m
RETURN count(*) AS deleted
