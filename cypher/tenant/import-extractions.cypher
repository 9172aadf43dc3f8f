// Import: EXTRACTED_FROM edges between a memory and a message of the tenant; MERGE keeps an existing one.
CYPHER 25
UNWIND $extractions AS extraction
MATCH (m:Memory) WHERE m.tenantId = $tenantId AND m.id = extraction.memoryId
MATCH (msg:Message) WHERE msg.tenantId = $tenantId AND msg.id = extraction.messageId
OPTIONAL CALL (m, msg) {
  MATCH (m)-[r:EXTRACTED_FROM]->(msg)
  RETURN true AS existed
  LIMIT 1
}
CALL (m, msg, extraction, existed) {
  WITH m, msg, extraction
  WHERE existed IS NULL
  CREATE (m)-[r:EXTRACTED_FROM]->(msg)
  SET r.createdAt = extraction.createdAt, r.tenantId = $tenantId
  RETURN count(r) AS made
}
RETURN sum(made) AS created, count(*) AS matched
