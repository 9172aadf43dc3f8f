// An e2e suite boots a whole app in its hooks: the write path's few hundred expressions compile at boot (V8 compiles a
// Unicode case-insensitive expression in milliseconds each, seconds in all on a loaded 2-core machine; a CI run once
// spent over 5 s in one suite's boot-and-seed hook), and on Neo4j (STORE=neo4j) the schema is applied and every write is
// a network round trip. Jest's 5 s default is a guess about an idle machine; a suite's own jest.setTimeout still wins.
jest.setTimeout(30_000);
