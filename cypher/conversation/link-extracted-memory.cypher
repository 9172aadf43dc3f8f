// Provenance: (:Memory)-[:EXTRACTED_FROM]->(:Message), both of the tenant; MERGE makes it idempotent.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $memoryId})
MATCH (msg:Message {tenantId: $tenantId, id: $messageId})
MERGE (m)-[r:EXTRACTED_FROM]->(msg)
ON CREATE SET r.createdAt = $at, r.tenantId = $tenantId
RETURN count(r) AS linked
