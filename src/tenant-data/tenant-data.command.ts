import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

import { assertKey } from 'src/common/validation';
import type { AppConfig } from 'src/config/config';
import { createEmbedder } from 'src/embedding/embedder.factory';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { openStores } from 'src/store/stores';
import type { TenantPurge } from 'src/store/tenant-data.port';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';
import type { ImportReport } from 'src/tenant-data/tenant-data.service';

/** `--tenant T` or `--tenant=T`, required by export, import and purge. */
export function tenantArg(args: readonly string[]): string {
  const index = args.findIndex((arg) => arg === '--tenant' || arg.startsWith('--tenant='));
  const arg = args[index];
  const value = arg?.startsWith('--tenant=') ? arg.slice('--tenant='.length) : args[index + 1];
  if (index < 0 || value === undefined || value.length === 0) {
    throw new Error('--tenant <tenant id> is required');
  }

  return assertKey(value, 'tenant');
}

/** The service over the configured store, without the Nest application (no HTTP, no jobs, logs stay off stdout). */
async function withService<T>(config: AppConfig, work: (service: TenantDataService) => Promise<T>): Promise<T> {
  const embedder = createEmbedder(config.embeddings);
  const stores = openStores(config.store);
  // with Redis the tenant's queued jobs live there; without it jobs run inside the service process and never wait
  const jobs = config.redisUrl ? new BullJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix }) : null;
  try {
    await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });

    return await work(new TenantDataService(stores.tenantData, embedder, jobs));
  } finally {
    await jobs?.close();
    await stores.connection.close();
    await embedder.close?.();
  }
}

/** `node dist/main.js export --tenant T > t.ndjson` */
export async function runExport(config: AppConfig, args: readonly string[], out: Writable): Promise<void> {
  const tenantId = tenantArg(args);
  await withService(config, async (service) => {
    for await (const line of service.exportLines(tenantId)) {
      if (!out.write(`${line}\n`)) {
        await once(out, 'drain');
      }
    }
  });
}

/**
 * `node dist/main.js import --tenant T [--trusted] < t.ndjson`: what was created, already there or in conflict, per
 * kind. The file is screened as a REST import is; `--trusted` (the operator at the shell) skips the firewall, never
 * the limits.
 */
export async function runImport(config: AppConfig, args: readonly string[], input: Readable): Promise<ImportReport> {
  const tenantId = tenantArg(args);
  const options = { trusted: args.includes('--trusted'), maxContentBytes: config.limits.maxContentBytes };

  return withService(config, (service) => service.importLines(tenantId, createInterface({ input, crlfDelay: Infinity }), options));
}

/** `node dist/main.js purge --tenant T`: removes everything of the tenant and reports the counts. */
export async function runPurge(config: AppConfig, args: readonly string[]): Promise<TenantPurge & { jobs: number }> {
  const tenantId = tenantArg(args);

  return withService(config, (service) => service.purgeTenant(tenantId));
}
