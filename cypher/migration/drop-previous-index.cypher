// After the switch, once no memory holds an embeddingPrevious any more.
CYPHER 25
DROP INDEX memory_embedding_previous IF EXISTS
