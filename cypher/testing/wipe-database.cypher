// Tests and benchmarks only: empties the whole database (every tenant, the embedding space, job states), so a
// booted app on Neo4j starts as empty as one on a fresh SQLite file. Run in an auto-commit transaction.
CYPHER 25
MATCH (n)
CALL (n) {
  DETACH DELETE n
} IN TRANSACTIONS OF 5000 ROWS
