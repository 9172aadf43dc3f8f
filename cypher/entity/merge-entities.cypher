// Joins the group rooted at $otherId into the one rooted at $keepId: one MERGED_INTO edge (what a split removes),
// and every node of the other group answers to the new root.
CYPHER 25
MATCH (keep:Entity {id: $keepId})
WHERE keep.tenantId = $tenantId
MATCH (other:Entity {id: $otherId})
WHERE other.tenantId = $tenantId
CREATE (other)-[:MERGED_INTO {tenantId: $tenantId, at: $now}]->(keep)
SET other.updatedAt = $now
WITH keep, other
MATCH (g:Entity {tenantId: $tenantId, rootId: other.id})
SET g.rootId = keep.id
RETURN count(g) AS moved
