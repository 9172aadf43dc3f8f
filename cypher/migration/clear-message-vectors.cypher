// One batch: message vectors of the previous model are dropped; messages are re-embedded like memories.
CYPHER 25
MATCH (msg:Message)
WHERE msg.embedding IS NOT NULL
WITH msg
LIMIT $limit
SET msg.embedding = null, msg.embeddingModel = null
RETURN count(msg) AS moved
