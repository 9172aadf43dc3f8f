// One batch: a memory's vector moves to embeddingPrevious (its own vector index) and the memory counts as not embedded.
CYPHER 25
MATCH (m:Memory)
WHERE m.embedding IS NOT NULL
WITH m
LIMIT $limit
SET m.embeddingPrevious = m.embedding, m.embedding = null, m.embeddingModel = null
RETURN count(m) AS moved
