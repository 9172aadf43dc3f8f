// The embedding space the stored vectors belong to; absent on a fresh database.
CYPHER 25
MATCH (meta:EngramMeta {key: 'embedding'})
RETURN meta.model AS model, meta.dimensions AS dimensions
