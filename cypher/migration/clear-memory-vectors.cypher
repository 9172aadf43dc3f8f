// One batch: drops vectors of the current property (the partial work of an abandoned target model).
CYPHER 25
MATCH (m:Memory)
WHERE m.embedding IS NOT NULL
WITH m
LIMIT $limit
SET m.embedding = null, m.embeddingModel = null
RETURN count(m) AS moved
