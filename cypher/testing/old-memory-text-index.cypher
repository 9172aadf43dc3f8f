// Tests only: the memories' full-text index as it was made before it stemmed (standard-no-stop-words), so the boot's
// comparison with the schema (index-definitions.ts) can be checked on the real server.
CYPHER 25
DROP INDEX memory_content IF EXISTS;

CYPHER 25
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.contentWords, m.contextWords, m.tenantKey]
OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words' } };
