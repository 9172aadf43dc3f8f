import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openNeo4jStores, openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';

/** One adapter under test: `open` returns new stores over the same backing database each time it is called. */
export interface StoreHarness {
  name: string;
  open(): Stores;
  /** Removes what the harness itself created (temp files); shared databases are cleaned per tenant instead. */
  dispose(): void;
}

function sqliteHarness(): StoreHarness {
  let dir: string | null = null;

  return {
    name: 'sqlite',
    open() {
      dir ??= mkdtempSync(join(tmpdir(), 'engram-contract-'));

      return openSqliteStores(join(dir, 'engram.sqlite'));
    },
    dispose() {
      if (dir !== null) {
        rmSync(dir, { recursive: true, force: true });
        dir = null;
      }
    },
  };
}

function neo4jHarness(uri: string): StoreHarness {
  return {
    name: 'neo4j',
    open() {
      return openNeo4jStores({
        uri,
        user: process.env['NEO4J_USER'] ?? 'neo4j',
        password: process.env['NEO4J_PASSWORD'] ?? '',
        database: process.env['NEO4J_DATABASE'],
      });
    },
    dispose() {},
  };
}

/** SQLite always; Neo4j whenever NEO4J_URI is set (nothing about Neo4j is faked). */
export function availableHarnesses(): StoreHarness[] {
  const uri = process.env['NEO4J_URI'];

  return [sqliteHarness(), ...(uri ? [neo4jHarness(uri)] : [])];
}
