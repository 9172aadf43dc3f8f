// Only run when no stored vector exists, to rebuild the index for a new embedding dimension.
CYPHER 25
DROP INDEX message_embedding IF EXISTS
