import { existsSync } from 'node:fs';

import type { StoreOptions } from 'src/domain/store-options';
import { formatIntegrityReport, isClean } from 'src/store/integrity/integrity-report';
import { openStores } from 'src/store/stores';

/**
 * `node dist/main.js check`: audits the configured store (every tenant) without starting the service or loading the
 * embedding model; safe beside a running service (it only reads). The caller prints the text and exits 1 unless clean.
 */
export async function runIntegrityCheck(store: StoreOptions): Promise<{ clean: boolean; text: string }> {
  if (store.kind === 'sqlite' && !existsSync(store.file)) {
    // opening it would create an empty store and call it clean
    throw new Error(`no SQLite store at ${store.file} (set ENGRAM_DATA_DIR)`);
  }
  const stores = openStores(store);
  try {
    const report = await stores.integrity.checkIntegrity();

    return { clean: isClean(report), text: formatIntegrityReport(report) };
  } finally {
    await stores.connection.close();
  }
}
