import { execFile } from 'node:child_process';

import { projectRoot } from 'src/common/project-root';
import type { AppConfig } from 'src/config/config';
import type { IntegrityReport } from 'src/store/integrity-store.port';
import { openStores } from 'src/store/stores';
import { MAIN_TS_ARGS } from 'test/support/main-entry';

/** Runs the real `check` command (src/main.ts check) against the store in `dataDir` (or the Neo4j of the environment's STORE=neo4j); ok is its exit code 0. */
export function runIntegrityCheck(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...MAIN_TS_ARGS, 'check'],
      {
        cwd: projectRoot(),
        env: { ...process.env, ENGRAM_DATA_DIR: dataDir, EMBEDDINGS: 'hash', LOG_LEVEL: 'error', ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ ok: error === null, output: `${stdout}${stderr}` }),
    );
  });
}

/** The integrity report of the store an app runs on (SQLite or Neo4j), read through a connection of its own (closed again). */
export async function storeIntegrity(config: Pick<AppConfig, 'store'>): Promise<IntegrityReport> {
  const stores = openStores(config.store);
  try {
    return await stores.integrity.checkIntegrity();
  } finally {
    await stores.connection.close();
  }
}
