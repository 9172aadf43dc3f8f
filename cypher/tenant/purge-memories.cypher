// Purge: memories with every edge of theirs; bulletins citing them go too (their text states them), and memories
// they had superseded forget the pointer.
CYPHER 25
CALL () {
  MATCH (b:Bulletin {tenantId: $tenantId})-[:CITES]->(m:Memory)
  WHERE m.id IN $ids
  WITH DISTINCT b
  DETACH DELETE b
  RETURN count(*) AS bulletins
}
CALL () {
  MATCH (r:Memory {tenantId: $tenantId})
  WHERE r.supersededBy IN $ids
  SET r.supersededBy = null
  RETURN count(*) AS released
}
CALL () {
  MATCH (m:Memory {tenantId: $tenantId})
  WHERE m.id IN $ids
  WITH m, m.embedding IS NOT NULL AS embedded
  DETACH DELETE m
  RETURN count(*) AS memories, sum(CASE WHEN embedded THEN 1 ELSE 0 END) AS vectors
}
RETURN bulletins, released, memories, vectors
