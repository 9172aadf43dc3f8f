import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createInterface as createPrompt } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';

import { withProgress } from 'src/common/progress';
import { assertKey } from 'src/common/validation';
import type { AppConfig } from 'src/config/config';
import { createEmbedderWithModel } from 'src/embedding/onnx/ensure-model';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { openStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import type { TenantPurge } from 'src/store/tenant-data.port';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';
import type { ImportReport } from 'src/tenant-data/tenant-data.service';
import { assertTenantId } from 'src/tenants/tenant-admin.service';

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
export async function withService<T>(
  config: AppConfig,
  work: (service: TenantDataService, stores: Stores) => Promise<T>,
): Promise<T> {
  const embedder = await createEmbedderWithModel(config.embeddings);
  const stores = openStores(config.store);
  // with Redis the tenant's queued jobs live there; without it jobs run inside the service process and never wait
  const jobs = config.redisUrl ? new BullJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix }) : null;
  try {
    await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });

    return await work(new TenantDataService(stores.tenantData, stores.entities, embedder, jobs), stores);
  } finally {
    await jobs?.close();
    await stores.connection.close();
    await embedder.close?.();
  }
}

/**
 * A tenant of an API key (the open `default` tenant when no keys are configured) or one with data in the store: a
 * misspelt `--tenant` is an error rather than an empty export or a purge of nothing.
 */
async function assertKnownTenant(
  config: AppConfig,
  service: TenantDataService,
  stores: Stores,
  tenantId: string,
): Promise<void> {
  if (!(await tenantNamed(config, stores, tenantId)) && !(await service.hasData(tenantId))) {
    throw new Error(
      `unknown tenant "${tenantId}": no API key in ENGRAM_API_KEYS names it, it was not created (tenants create) and the store holds nothing of it`,
    );
  }
}

/** A tenant ENGRAM_API_KEYS names (`default` without keys) or one created at runtime. */
async function tenantNamed(config: AppConfig, stores: Stores, tenantId: string): Promise<boolean> {
  const configured =
    config.apiKeys.length === 0 ? tenantId === 'default' : config.apiKeys.some((k) => k.tenantId === tenantId);

  return configured || (await stores.tenants.getTenant(tenantId)) !== null;
}

/** `node dist/main.js export --tenant T > t.ndjson` */
export async function runExport(config: AppConfig, args: readonly string[], out: Writable): Promise<void> {
  const tenantId = tenantArg(args);
  await withService(config, async (service, stores) => {
    await assertKnownTenant(config, service, stores, tenantId);
    let lines = 0;
    await withProgress(
      'export',
      () => `${lines} lines written`,
      async () => {
        for await (const line of service.exportLines(tenantId)) {
          lines++;
          if (!out.write(`${line}\n`)) {
            await once(out, 'drain');
          }
        }
      },
    );
  });
}

/**
 * `node dist/main.js import --tenant T [--trusted] [--new-tenant] < t.ndjson`: what was created, already there or in
 * conflict, per kind. The file is screened as a REST import is; `--trusted` (the operator at the shell) skips the
 * firewall, never the limits. A tenant no key names and nobody created is refused (a misspelt --tenant would fill a
 * tenant nobody can reach) unless `--new-tenant` asks for it to be created.
 */
export async function runImport(config: AppConfig, args: readonly string[], input: Readable): Promise<ImportReport> {
  const tenantId = tenantArg(args);
  // the operator sees every tenant: ids are kept unless another tenant holds them (a restore into a fresh store)
  const options = {
    trusted: args.includes('--trusted'),
    maxContentBytes: config.limits.maxContentBytes,
    keepIds: true,
  };
  let read = 0;
  let reading = true;
  async function* counted(lines: AsyncIterable<string>): AsyncGenerator<string> {
    for await (const line of lines) {
      read++;
      yield line;
    }
    reading = false;
  }

  return withService(config, async (service, stores) => {
    if (!(await tenantNamed(config, stores, tenantId))) {
      if (!args.includes('--new-tenant')) {
        throw new Error(
          `unknown tenant "${tenantId}": no API key in ENGRAM_API_KEYS names it and it was not created: ` +
            'create it first (tenants create), or add --new-tenant',
        );
      }
      await stores.tenants.createTenant({ id: assertTenantId(tenantId), createdAt: new Date() });
    }

    return withProgress(
      'import',
      () => (reading ? `${read} lines read` : `${read} lines checked, writing`),
      () => service.importLines(tenantId, counted(createInterface({ input, crlfDelay: Infinity })), options),
    );
  });
}

/** Without `--yes`, a terminal is asked to type the tenant id; anything else (a script, a pipe) is refused. */
async function confirmPurge(tenantId: string, args: readonly string[]): Promise<void> {
  if (args.includes('--yes')) {
    return;
  }
  const refusal = `purge deletes everything of tenant "${tenantId}" for good: add --yes to confirm`;
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    throw new Error(refusal);
  }
  const prompt = createPrompt({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(
      `Delete everything of tenant "${tenantId}" for good? Type its id to confirm: `,
    );
    if (answer.trim() !== tenantId) {
      throw new Error('not confirmed: nothing was deleted');
    }
  } finally {
    prompt.close();
  }
}

/** `node dist/main.js purge --tenant T --yes`: removes everything of the tenant and reports the counts. */
export async function runPurge(config: AppConfig, args: readonly string[]): Promise<TenantPurge & { jobs: number }> {
  const tenantId = tenantArg(args);
  await confirmPurge(tenantId, args);

  return withService(config, async (service, stores) => {
    await assertKnownTenant(config, service, stores, tenantId);

    return withProgress(
      'purge',
      () => `deleting tenant "${tenantId}"`,
      () => service.purgeTenant(tenantId),
    );
  });
}
