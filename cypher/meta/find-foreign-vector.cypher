// Any stored vector (of a memory or a message) made outside the configured space (other model or other dimension),
// across all tenants.
CYPHER 25
MATCH (m:Memory|Message)
WHERE m.embedding IS NOT NULL AND (m.embeddingModel <> $model OR size(m.embedding) <> $dimensions)
RETURN m.embeddingModel AS model, size(m.embedding) AS dimensions
LIMIT 1
