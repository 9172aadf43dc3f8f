// Integrity check, every tenant: relationships across tenants or between the wrong kinds of node. A relationship
// always has both ends in Neo4j, so "dangling" here means pointing at a node it must not reach. $types are the
// association types (RelationType).
CYPHER 25
MATCH (a)-[r]->(b)
WITH a, r, b, type(r) AS rel
WHERE a.tenantId IS NULL OR b.tenantId IS NULL OR b.tenantId <> a.tenantId OR coalesce(r.tenantId, a.tenantId) <> a.tenantId
  OR (rel IN $types AND NOT (a:Memory AND b:Memory))
  OR (rel = 'EXTRACTED_FROM' AND NOT (a:Memory AND b:Message))
  OR (rel = 'CITES' AND NOT (a:Bulletin AND b:Memory))
  OR (rel = 'SUMMARIZES' AND NOT (a:Summary AND b:Message))
  OR (rel = 'HAS_MESSAGE' AND NOT (a:Channel AND b:Message))
  OR (rel = 'MENTIONS' AND NOT (a:Memory AND b:Entity))
  OR (rel = 'MERGED_INTO' AND NOT (a:Entity AND b:Entity AND a.kind = b.kind))
RETURN coalesce(a.tenantId, b.tenantId) AS tenantId, rel AS subject, coalesce(a.id, '?') + ' -> ' + coalesce(b.id, '?') AS id;
