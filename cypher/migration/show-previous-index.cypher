CYPHER 25
SHOW VECTOR INDEXES YIELD name
WHERE name = 'memory_embedding_previous'
RETURN name
