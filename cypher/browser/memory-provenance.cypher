// Where a memory came from: the messages it was extracted from and their channels, the episodes that were promoted
// into it (PART_OF), and the older statements it replaced (UPDATES).
// First run `:param tenantId => 'your-tenant'` and `:param memoryId => 'the-memory-id'`.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $memoryId})
OPTIONAL MATCH source = (m)-[:EXTRACTED_FROM]->(:Message {tenantId: $tenantId})<-[:HAS_MESSAGE]-(:Channel {tenantId: $tenantId})
OPTIONAL MATCH episodes = (:Memory {tenantId: $tenantId})-[:PART_OF]->(m)
OPTIONAL MATCH replaced = (m)-[:UPDATES*1..5]->(:Memory {tenantId: $tenantId})
RETURN m, source, episodes, replaced
