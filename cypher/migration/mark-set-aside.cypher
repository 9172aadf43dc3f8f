// Once the previous vectors are set aside. A migration begun before message vectors were kept aside (setAside already
// true) has none: messagesSetAside stays false for it, and its message searches use the current vectors.
CYPHER 25
MATCH (meta:EngramMeta {key: 'embedding-migration'})
SET meta.messagesSetAside = coalesce(meta.messagesSetAside, NOT meta.setAside)
SET meta.setAside = true
RETURN meta.setAside AS setAside
