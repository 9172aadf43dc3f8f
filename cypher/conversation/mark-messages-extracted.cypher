CYPHER 25
MATCH (msg:Message)
WHERE msg.tenantId = $tenantId AND msg.id IN $ids AND msg.extractedAt IS NULL
SET msg.extractedAt = $at
REMOVE msg:OwedExtraction
