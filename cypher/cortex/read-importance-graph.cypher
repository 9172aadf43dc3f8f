// The tenant's ACTIVE memories and the typed edges between two of them, in one read.
CYPHER 25
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.status = 'ACTIVE'
OPTIONAL MATCH (m)-[r:RELATED_TO|UPDATES|CONTRADICTS|CAUSED_BY|RESULT_OF|PART_OF]->(o:Memory)
WHERE o.tenantId = $tenantId AND o.status = 'ACTIVE'
RETURN m.id AS id, m.baseImportance AS baseImportance, m.importance AS importance,
  coalesce(m.centrality, 0.0) AS centrality, coalesce(m.accessCount, 0) AS accessCount,
  [edge IN collect(CASE WHEN r IS NULL THEN null ELSE {toId: o.id, type: type(r), weight: r.weight} END)
    WHERE edge IS NOT NULL] AS edges
