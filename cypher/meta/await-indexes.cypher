CYPHER 25
CALL db.awaitIndexes($timeoutSeconds)
