CYPHER 25
MERGE (meta:EngramMeta {key: 'embedding'})
SET meta.model = $model, meta.dimensions = $dimensions, meta.updatedAt = datetime()
RETURN meta.model AS model, meta.dimensions AS dimensions
