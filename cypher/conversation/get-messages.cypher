CYPHER 25
MATCH (msg:Message)
WHERE msg.tenantId = $tenantId AND msg.id IN $ids
RETURN msg {.*, embedding: null, embeddingPrevious: null, prevContent: null, nextContent: null,
  weightedWords: null} AS message
