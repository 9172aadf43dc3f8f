// Integrity check, one tenant: messages that full-text or vector search cannot find as stored.
CYPHER 25
MATCH (msg:Message)
WHERE msg.tenantId = $tenantId
  AND ((msg.embeddingModel IS NOT NULL AND msg.embedding IS NULL)
    OR msg.tenantKey IS NULL OR msg.tenantKey <> $tenantKey OR msg.content IS NULL OR msg.contentWords IS NULL)
RETURN msg.id AS id,
  msg.embeddingModel AS embeddingModel,
  msg.embedding IS NOT NULL AS hasVector,
  msg.tenantKey AS tenantKey,
  msg.content IS NOT NULL AND msg.contentWords IS NOT NULL AS hasText
ORDER BY id;
