// Export: a page of the tenant's messages in id order (vectors and neighbour text are rebuilt on import).
CYPHER 25
MATCH (msg:Message {tenantId: $tenantId})
WHERE msg.id > $afterId
RETURN msg {.*, embedding: null, embeddingPrevious: null, prevContent: null, nextContent: null,
  weightedWords: null} AS message
ORDER BY msg.id
LIMIT $limit
