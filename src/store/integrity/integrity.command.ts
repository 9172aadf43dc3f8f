import { existsSync } from 'node:fs';

import type { AppConfig } from 'src/config/config';
import { formatIntegrityReport, isClean } from 'src/store/integrity/integrity-report';
import { openStores } from 'src/store/stores';

/**
 * `node dist/main.js check`: audits the configured store (every tenant) without starting the service or loading the
 * embedding model; safe beside a running service (it only reads). The caller prints the text and exits 1 unless clean.
 */
export async function runIntegrityCheck(config: AppConfig): Promise<{ clean: boolean; text: string }> {
  if (config.store.kind === 'sqlite' && !existsSync(config.store.file)) {
    // opening it would create an empty store and call it clean
    throw new Error(`no SQLite store at ${config.store.file} (set ENGRAM_DATA_DIR)`);
  }
  const stores = openStores(config.store);
  try {
    const report = await stores.integrity.checkIntegrity();

    return { clean: isClean(report), text: formatIntegrityReport(report) };
  } finally {
    await stores.connection.close();
  }
}
