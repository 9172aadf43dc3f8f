import { auth, driver as createDriver } from 'neo4j-driver';

import { CypherRegistry } from 'src/store/neo4j/cypher-registry';

/**
 * The store the booted apps of the e2e suites and benchmarks use: SQLite in their data dir by default; the Neo4j the
 * environment names with `STORE=neo4j` and `NEO4J_URI` / `NEO4J_USER` / `NEO4J_PASSWORD` / `NEO4J_DATABASE` (the CI's
 * Neo4j lane, `npm run neo4j:start`).
 */
export function testStoreEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (env['STORE'] !== 'neo4j') {
    return {};
  }
  const names = ['STORE', 'NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'NEO4J_DATABASE'] as const;

  return Object.fromEntries(
    names.flatMap((name) => {
      const value = env[name];

      return value === undefined ? [] : [[name, value]];
    }),
  );
}

export function usesNeo4j(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['STORE'] === 'neo4j';
}

const emptied = new Set<string>();

/**
 * A data dir a suite has not used before is a new, empty store: on SQLite it is (a new file), on the one shared Neo4j
 * database the whole database is emptied first (once per data dir and test process; the suites run one at a time).
 * A data dir used again keeps what it holds, as a SQLite file does.
 */
export async function freshStoreFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!usesNeo4j(env) || emptied.has(dataDir)) {
    return;
  }
  emptied.add(dataDir);
  await emptyNeo4j(env);
}

/** Empties the Neo4j database the environment names (every tenant, the embedding space, job states). */
export async function emptyNeo4j(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const driver = createDriver(
    env['NEO4J_URI'] ?? '',
    auth.basic(env['NEO4J_USER'] ?? 'neo4j', env['NEO4J_PASSWORD'] ?? ''),
  );
  const session = driver.session({ database: env['NEO4J_DATABASE'] });
  try {
    // CALL { ... } IN TRANSACTIONS runs only in an auto-commit transaction (session.run)
    await session.run(CypherRegistry.load().get('testing/wipe-database'));
  } finally {
    await session.close();
    await driver.close();
  }
}

/**
 * `it` on SQLite, `it.skip` on Neo4j, for a test that reads the SQLite file itself or needs a second, empty store
 * beside the first (Neo4j Community has one user database); `_why` says which, where the test is declared.
 */
export function itOnSqlite(_why: string): jest.It {
  return usesNeo4j() ? it.skip : it;
}
