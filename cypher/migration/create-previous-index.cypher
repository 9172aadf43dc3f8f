// The previous model's memory vectors keep answering (queries embedded with that model) while the migration runs.
CYPHER 25
CREATE VECTOR INDEX memory_embedding_previous IF NOT EXISTS
FOR (m:Memory) ON m.embeddingPrevious
WITH [m.tenantId, m.status]
OPTIONS { indexConfig: { `vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine' } }
