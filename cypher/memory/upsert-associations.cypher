// Edge types come from the RelationType whitelist, checked by the adapter before they reach this statement.
CYPHER 25
UNWIND $edges AS edge
MATCH (a:Memory) WHERE a.tenantId = $tenantId AND a.id = edge.fromId
MATCH (b:Memory) WHERE b.tenantId = $tenantId AND b.id = edge.toId
MERGE (a)-[r:$(edge.type)]->(b)
ON CREATE SET r.createdAt = edge.createdAt, r.tenantId = $tenantId
SET r.weight = edge.weight
RETURN a.id AS fromId, b.id AS toId, type(r) AS type, r.weight AS weight, r.createdAt AS createdAt
