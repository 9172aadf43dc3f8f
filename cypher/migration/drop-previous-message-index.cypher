// After the switch, once no message holds an embeddingPrevious any more.
CYPHER 25
DROP INDEX message_embedding_previous IF EXISTS
