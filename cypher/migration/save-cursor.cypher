// Cursors only move forward, so a retried batch never sends a cursor back.
CYPHER 25
MATCH (meta:EngramMeta {key: 'embedding-migration'})
SET meta.memoryCursor = CASE WHEN $kind = 'memory' AND $cursor > meta.memoryCursor THEN $cursor ELSE meta.memoryCursor END,
  meta.messageCursor = CASE WHEN $kind = 'message' AND $cursor > meta.messageCursor THEN $cursor ELSE meta.messageCursor END
RETURN meta.memoryCursor AS memoryCursor, meta.messageCursor AS messageCursor
