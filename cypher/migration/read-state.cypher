// The embedding-model migration under way, if any: the model whose memory (and message) vectors were set aside, when
// it began, whether the set-aside finished, and the re-embedding cursors (ids, visited in id order).
CYPHER 25
MATCH (meta:EngramMeta {key: 'embedding-migration'})
RETURN meta.previousModel AS previousModel, meta.previousDimensions AS previousDimensions, meta.startedAt AS startedAt,
  meta.setAside AS setAside, meta.messagesSetAside AS messagesSetAside, meta.memoryCursor AS memoryCursor,
  meta.messageCursor AS messageCursor
