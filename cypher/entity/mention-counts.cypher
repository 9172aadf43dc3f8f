// How many memories mention each asked entity's group (any member of it).
CYPHER 25
UNWIND $entityIds AS entityId
MATCH (asked:Entity {id: entityId})
WHERE asked.tenantId = $tenantId
CALL (asked) {
  OPTIONAL MATCH (:Entity {tenantId: $tenantId, rootId: asked.rootId})<-[:MENTIONS]-(m:Memory)
  WHERE m.tenantId = $tenantId
  RETURN count(DISTINCT m) AS mentions
}
RETURN entityId, mentions
