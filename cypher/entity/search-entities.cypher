// Groups of the tenant with a key containing $query (null: any) of $kind (null: any), the most mentioned first.
CYPHER 25
MATCH (e:Entity {tenantId: $tenantId})
WHERE $kind IS NULL OR e.kind = $kind
WITH e.rootId AS rootId, collect(e) AS members
WHERE $query IS NULL OR any(g IN members WHERE any(k IN g.keys WHERE k CONTAINS $query))
CALL (members) {
  UNWIND members AS g
  OPTIONAL MATCH (m:Memory)-[:MENTIONS]->(g)
  WHERE m.tenantId = $tenantId
  RETURN count(DISTINCT m) AS mentions
}
MATCH (root:Entity {id: rootId})
WHERE root.tenantId = $tenantId
RETURN rootId
ORDER BY mentions DESC, root.name, rootId
LIMIT $limit
