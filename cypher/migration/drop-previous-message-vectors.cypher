// One batch of the clean-up after the switch.
CYPHER 25
MATCH (msg:Message)
WHERE msg.embeddingPrevious IS NOT NULL
WITH msg
LIMIT $limit
SET msg.embeddingPrevious = null
RETURN count(msg) AS moved
