// Vectors of the configured model for messages that still lack one; a message embedded meanwhile keeps its vector.
CYPHER 25
UNWIND $rows AS row
MATCH (msg:Message {id: row.id})
WHERE msg.embedding IS NULL
SET msg.embedding = row.vector, msg.embeddingModel = $model
REMOVE msg:OwedVector
RETURN count(msg) AS written
