import { int } from 'neo4j-driver';

import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { NEO4J_QUERIES } from 'src/store/neo4j/neo4j-queries';
import { SPACE } from 'test/contract/memory-fixtures';
import { assertOneSuiteAtATime } from 'test/contract/store-harness';
import { explainable, sampleParameters } from 'test/support/neo4j-sample-params';

jest.setTimeout(120_000);

const uri = process.env['NEO4J_URI'];
/** Notification classifications that fail the pass: deprecated or unsupported features, planner warnings, hints. */
const WARNED = new Set<string>(['DEPRECATION', 'UNSUPPORTED', 'PERFORMANCE', 'HINT', 'SECURITY']);
const registry = CypherRegistry.load();
const statements = NEO4J_QUERIES.flatMap((name) =>
  registry
    .statements(name)
    .filter(explainable)
    .map((statement, index) => ({ label: `${name}#${index}`, name, statement })),
);

/**
 * Every registry statement planned by a real Neo4j with parameters of the types the adapters send: catches syntax the
 * linter accepts but the server does not, type and planning errors, on an empty database. Only with NEO4J_URI.
 */
(uri ? describe : describe.skip)('EXPLAIN every registry statement (neo4j)', () => {
  let connection: Neo4jConnection;

  beforeAll(async () => {
    assertOneSuiteAtATime(process.env['JEST_WORKER_ID']);
    connection = new Neo4jConnection({
      uri: uri ?? '',
      user: process.env['NEO4J_USER'] ?? 'neo4j',
      password: process.env['NEO4J_PASSWORD'] ?? '',
      database: process.env['NEO4J_DATABASE'],
    });
    await connection.init(SPACE);
    // exist only while an embedding migration runs, and a SEARCH naming a missing index is not planned (22N69)
    await connection.runSchema('explain', 'migration/create-previous-index', { dimensions: int(SPACE.dimensions) });
    await connection.runSchema('explain', 'migration/create-previous-message-index', {
      dimensions: int(SPACE.dimensions),
    });
  });

  afterAll(async () => {
    await connection.runSchema('explain', 'migration/drop-previous-index', {});
    await connection.runSchema('explain', 'migration/drop-previous-message-index', {});
    await connection.close();
  });

  it.each(statements.map((s) => [s.label, s] as const))('should plan %s', async (_, { name, statement }) => {
    const explain = statement.replace(/^(\s*CYPHER 25\s+)/, '$1EXPLAIN ');

    // a write transaction: some servers refuse a writing statement in read access mode even to plan it
    const summary = await connection.write(
      'explain',
      async (tx) => (await tx.run(explain, sampleParameters(name, statement))).summary,
    );

    expect(summary.plan).toBeTruthy();
    // what the server would warn about (a label not yet in the database is not a warning here: it is empty)
    const warnings = summary.gqlStatusObjects
      .filter((status) => WARNED.has(status.classification))
      .map((status) => `${status.gqlStatus} ${status.statusDescription}`);
    expect(warnings).toEqual([]);
  });
});

describe('EXPLAIN pass inventory', () => {
  it('should have statements to plan', () => {
    expect(statements.length).toBeGreaterThan(100);
  });
});
