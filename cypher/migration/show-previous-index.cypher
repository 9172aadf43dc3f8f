CYPHER 25
SHOW VECTOR INDEXES YIELD name
WHERE name IN ['memory_embedding_previous', 'message_embedding_previous']
RETURN name
