// One batch: a message's vector moves to embeddingPrevious (its own vector index) and the message counts as not embedded.
CYPHER 25
MATCH (msg:Message)
WHERE msg.embedding IS NOT NULL
WITH msg
LIMIT $limit
SET msg.embeddingPrevious = msg.embedding, msg.embedding = null, msg.embeddingModel = null
RETURN count(msg) AS moved
