import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openNeo4jStores, openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';

/** One adapter under test: `open` returns new stores over the same backing database each time it is called. */
export interface StoreHarness {
  name: string;
  /**
   * Digits to which an identical vector scores 1 (`toBeCloseTo(1, digits)`): SQLite compares the stored float32
   * vectors exactly; Neo4j's vector indexes quantize by default (`vector.quantization.enabled`, Cypher manual, Vector
   * indexes, configuration settings), so its scores are approximate (about 0.99997 for an identical vector).
   */
  vectorScoreDigits: number;
  open(): Stores;
  /** Removes what the harness itself created (temp files); shared databases are cleaned per tenant instead. */
  dispose(): void;
}

/**
 * `indexed`: every tenant's vectors are searched through the in-memory binary indexes (which normally wait for
 * thousands of rows), so the contract holds for that path too.
 */
export function sqliteHarness(indexed = false): StoreHarness {
  let dir: string | null = null;

  return {
    name: indexed ? 'sqlite, binary vector indexes' : 'sqlite',
    vectorScoreDigits: 5,
    open() {
      dir ??= mkdtempSync(join(tmpdir(), 'engram-contract-'));

      return openSqliteStores(
        join(dir, 'engram.sqlite'),
        indexed ? { vectorIndexMinRows: 0, messageVectorIndexMinRows: 0 } : {},
      );
    },
    dispose() {
      if (dir !== null) {
        rmSync(dir, { recursive: true, force: true });
        dir = null;
      }
    },
  };
}

/**
 * The contract suites share one Neo4j database: the embedding-migration suite drops and recreates the vector indexes
 * and runs untenanted batches, so no two suite files may run at once. Jest numbers its parallel workers from 1; a file
 * in any worker but the first means the run was not `--runInBand` (`npm run test:neo4j` passes it).
 */
export function assertOneSuiteAtATime(workerId: string | undefined): void {
  if (workerId !== undefined && workerId !== '1') {
    throw new Error(
      `Neo4j contract suites share one database and must run one file at a time (jest worker ${workerId}): use npm run test:neo4j (--runInBand)`,
    );
  }
}

function neo4jHarness(uri: string, database: string | undefined): StoreHarness {
  assertOneSuiteAtATime(process.env['JEST_WORKER_ID']);

  return {
    name: 'neo4j',
    vectorScoreDigits: 2,
    open() {
      return openNeo4jStores({
        uri,
        user: process.env['NEO4J_USER'] ?? 'neo4j',
        password: process.env['NEO4J_PASSWORD'] ?? '',
        database,
      });
    },
    dispose() {},
  };
}

/**
 * SQLite always; Neo4j whenever NEO4J_URI is set (nothing about Neo4j is faked). `databaseVariable` names the
 * environment variable choosing the Neo4j database (NEO4J_DATABASE unless a suite asks for its own, falling back to it).
 */
export function availableHarnesses(databaseVariable = 'NEO4J_DATABASE'): StoreHarness[] {
  const uri = process.env['NEO4J_URI'];
  const database = process.env[databaseVariable] ?? process.env['NEO4J_DATABASE'];

  return [sqliteHarness(), ...(uri ? [neo4jHarness(uri, database)] : [])];
}
