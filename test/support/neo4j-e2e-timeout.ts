// On Neo4j (STORE=neo4j, the CI's Neo4j lane) an app boots in seconds (schema applied, indexes online) and each write
// is a network round trip, so the 5 s default is too short for hooks and tests; a suite's own jest.setTimeout wins.
if (process.env['STORE'] === 'neo4j') {
  jest.setTimeout(30_000);
}
