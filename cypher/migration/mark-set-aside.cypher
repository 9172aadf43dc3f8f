CYPHER 25
MATCH (meta:EngramMeta {key: 'embedding-migration'})
SET meta.setAside = true
RETURN meta.setAside AS setAside
