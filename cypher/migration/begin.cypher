// Begins (or, after another change of model, restarts) a migration. An unfinished one keeps the model it set aside:
// those vectors cover every old memory, the partial ones of the abandoned target do not.
CYPHER 25
MERGE (meta:EngramMeta {key: 'embedding-migration'})
ON CREATE SET meta.previousModel = $previousModel, meta.previousDimensions = $previousDimensions,
  meta.setAside = false
SET meta.startedAt = datetime(), meta.memoryCursor = '', meta.messageCursor = ''
RETURN meta.setAside AS setAside
