// Keeps the tenant's $keep newest bulletins; older ones go with their CITES edges.
CYPHER 25
MATCH (b:Bulletin)
WHERE b.tenantId = $tenantId
WITH b
ORDER BY b.generatedAt DESC, b.id DESC
SKIP $keep
DETACH DELETE b
