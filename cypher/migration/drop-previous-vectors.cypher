// One batch of the clean-up after the switch.
CYPHER 25
MATCH (m:Memory)
WHERE m.embeddingPrevious IS NOT NULL
WITH m
LIMIT $limit
SET m.embeddingPrevious = null
RETURN count(m) AS moved
