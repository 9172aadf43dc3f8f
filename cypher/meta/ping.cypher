CYPHER 25
CALL db.ping() YIELD success
RETURN success
