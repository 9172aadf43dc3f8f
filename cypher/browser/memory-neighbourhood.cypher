// One memory and everything within two hops: related memories, provenance messages, bulletins citing it.
// First run `:param tenantId => 'your-tenant'` and `:param memoryId => 'the-memory-id'`.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $memoryId})
OPTIONAL MATCH path = (m)-[*1..2]-(other)
WHERE other.tenantId = $tenantId
RETURN m, path
LIMIT 200
