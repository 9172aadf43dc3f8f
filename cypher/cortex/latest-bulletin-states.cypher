// The sweep's view of every tenant's newest bulletin, without its text.
CYPHER 25
MATCH (b:Bulletin)
WITH b.tenantId AS tenantId, b
ORDER BY b.generatedAt DESC, b.id DESC
WITH tenantId, collect(b)[0] AS latest
RETURN tenantId, latest.id AS id, latest.marker AS marker, latest.generatedAt AS generatedAt, latest.source AS source,
  size(latest.content) = 0 AS empty
