// Recall's entity read: the groups holding a key of a lookup among the tenant's entities of its kind, each with every
// node (for the resolver), its mention count and newest memories, and for a group mentioned by at most $expandUpTo
// memories the $related groups it shares the most memories with, each with its count and newest memories.
CYPHER 25
UNWIND $lookups AS lookup
MATCH (hit:Entity {tenantId: $tenantId, kind: lookup.kind})
WHERE any(k IN hit.keys WHERE k IN lookup.keys)
WITH DISTINCT hit.rootId AS rootId
MATCH (root:Entity {id: rootId})
WHERE root.tenantId = $tenantId
CALL (rootId) {
  MATCH (e:Entity {tenantId: $tenantId, rootId: rootId})
  RETURN collect(e {.id, .tenantId, .kind, .name, .key, .aliases, .keys, .rootId, .createdAt, .updatedAt, mergedInto: [(e)-[:MERGED_INTO]->(t:Entity) | t.id][0], mergedAt: [(e)-[x:MERGED_INTO]->(:Entity) | x.at][0]}) AS members
}
CALL (rootId) {
  OPTIONAL MATCH (:Entity {tenantId: $tenantId, rootId: rootId})<-[:MENTIONS]-(m:Memory)
  WHERE m.tenantId = $tenantId
  WITH DISTINCT m
  ORDER BY m.occurredAt DESC, m.id DESC
  RETURN count(m) AS mentions, collect(m.id)[0..$memories] AS memoryIds
}
CALL (rootId, mentions) {
  OPTIONAL MATCH (:Entity {tenantId: $tenantId, rootId: rootId})<-[:MENTIONS]-(m:Memory)-[:MENTIONS]->(o:Entity)
  WHERE mentions <= $expandUpTo AND m.tenantId = $tenantId AND o.tenantId = $tenantId AND o.rootId <> rootId
  WITH o.rootId AS relatedId, count(DISTINCT m) AS shared
  WHERE relatedId IS NOT NULL
  ORDER BY shared DESC, relatedId
  LIMIT $related
  CALL (relatedId) {
    MATCH (:Entity {tenantId: $tenantId, rootId: relatedId})<-[:MENTIONS]-(r:Memory)
    WHERE r.tenantId = $tenantId
    WITH DISTINCT r
    ORDER BY r.occurredAt DESC, r.id DESC
    RETURN count(r) AS relatedMentions, collect(r.id)[0..$memories] AS relatedIds
  }
  RETURN collect({rootId: relatedId, shared: shared, mentions: relatedMentions, memoryIds: relatedIds}) AS related
}
RETURN rootId, members, mentions, memoryIds, related
ORDER BY root.createdAt, rootId
