// Undoes a merge: the member's MERGED_INTO edge goes, and it roots again what was merged into it.
CYPHER 25
MATCH (member:Entity {id: $id})-[r:MERGED_INTO]->(:Entity)
WHERE member.tenantId = $tenantId
DELETE r
SET member.updatedAt = $now
WITH member
MATCH (g:Entity {tenantId: $tenantId})-[:MERGED_INTO*0..]->(member)
SET g.rootId = member.id
RETURN count(g) AS moved
