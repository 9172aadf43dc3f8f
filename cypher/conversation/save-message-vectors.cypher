// Vectors of the tenant's messages that still have none; a message embedded or deleted meanwhile is skipped.
CYPHER 25
UNWIND $rows AS row
MATCH (msg:Message {id: row.id})
WHERE msg.tenantId = $tenantId AND msg.embedding IS NULL
SET msg.embedding = row.vector, msg.embeddingModel = $model
REMOVE msg:OwedVector
RETURN count(msg) AS written
