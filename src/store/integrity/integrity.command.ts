import type { AppConfig } from 'src/config/config';
import { formatIntegrityReport, isClean } from 'src/store/integrity/integrity-report';
import { openStores } from 'src/store/stores';

/**
 * `node dist/main.js check`: audits the configured store (every tenant) without starting the service or loading the
 * embedding model; safe beside a running service (it only reads). The caller prints the text and exits 1 unless clean.
 */
export async function runIntegrityCheck(config: AppConfig): Promise<{ clean: boolean; text: string }> {
  const stores = openStores(config.store);
  try {
    const report = await stores.integrity.checkIntegrity();

    return { clean: isClean(report), text: formatIntegrityReport(report) };
  } finally {
    await stores.connection.close();
  }
}
