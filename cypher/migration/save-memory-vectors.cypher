// Vectors of the configured model for memories that still lack one; a memory embedded meanwhile keeps its vector.
CYPHER 25
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
WHERE m.embedding IS NULL
SET m.embedding = row.vector, m.embeddingModel = $model
RETURN count(m) AS written
