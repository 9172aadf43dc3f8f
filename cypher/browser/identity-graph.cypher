// Who the user is: their ACTIVE identity memories, what links to them, and the slot each one fills.
// First run `:param tenantId => 'your-tenant'`. Pink nodes are Identity, the rest keep their type's colour.
CYPHER 25
MATCH (i:Identity {tenantId: $tenantId, status: 'ACTIVE'})
OPTIONAL MATCH path = (i)-[:RELATED_TO|PART_OF|CAUSED_BY|RESULT_OF|UPDATES|CONTRADICTS]-(other:Memory {tenantId: $tenantId})
WHERE other.status = 'ACTIVE'
RETURN i, path
LIMIT 300
