// Import: typed edges between two memories of the tenant; an existing edge is left as it is. Types come from the
// RelationType whitelist, checked before they reach this statement. MERGE between two bound nodes locks them before
// it creates the edge (Cypher manual, Operators: MergeInto), so concurrent imports of one edge make it once; the
// adapter never sends one edge twice in a statement. `importing` marks what this statement created, then goes.
CYPHER 25
UNWIND $edges AS edge
MATCH (a:Memory) WHERE a.tenantId = $tenantId AND a.id = edge.fromId
MATCH (b:Memory) WHERE b.tenantId = $tenantId AND b.id = edge.toId
MERGE (a)-[r:$(edge.type)]->(b)
  ON CREATE SET r.weight = edge.weight, r.createdAt = edge.createdAt, r.tenantId = $tenantId, r.importing = true
WITH r, r.importing IS NOT NULL AS made
REMOVE r.importing
RETURN sum(CASE WHEN made THEN 1 ELSE 0 END) AS created, count(*) AS matched
