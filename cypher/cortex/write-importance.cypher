// Batched write-back of the importance job: one statement for every changed memory, updatedAt untouched.
CYPHER 25
UNWIND $updates AS update
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id = update.id
SET m.importance = update.importance, m.centrality = update.centrality
RETURN count(m) AS written
