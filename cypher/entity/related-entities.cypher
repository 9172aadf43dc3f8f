// Groups sharing memories with the group rooted at $rootId, the most shared first.
CYPHER 25
MATCH (e:Entity {tenantId: $tenantId, rootId: $rootId})<-[:MENTIONS]-(m:Memory)-[:MENTIONS]->(o:Entity)
WHERE m.tenantId = $tenantId AND o.tenantId = $tenantId AND o.rootId <> $rootId
RETURN o.rootId AS rootId, count(DISTINCT m) AS shared
ORDER BY shared DESC, rootId
LIMIT $limit
