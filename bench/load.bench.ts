import { fork } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { startBenchApp } from 'bench/support/bench-app';
import type { LoadPlan, LoadSamples } from 'bench/support/load-client';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MemoryImportService } from 'src/memory/memory-import.service';
import type { IntegrityReport } from 'src/store/integrity-store.port';
import { formatIntegrityReport } from 'src/store/integrity/integrity-report';
import { openStores } from 'src/store/stores';

const TENANT = 'load';
const KEY = 'load-key-00000001';
const IMPORT_CHUNK = 5000;

const RECALL =
  'query($q: String!) { recall(input: { query: $q, limit: 10 }) { tookMs hits { score memory { id content } } } }';
const REMEMBER = 'mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }';
const LIST = 'query($limit: Int) { memories(limit: $limit) { total items { id content type } } }';

function runClient(plan: LoadPlan): Promise<LoadSamples> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'support', 'load-client.ts'), [], {
      execArgv: ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'],
    });
    child.once('message', (samples) => resolve(samples as LoadSamples));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load client exited with ${code}`))));
    child.send(plan);
  });
}

/** The integrity check over a connection of its own, as `node dist/main.js check` runs it beside the service. */
async function checkStore(store: Parameters<typeof openStores>[0]): Promise<IntegrityReport> {
  const stores = openStores(store);
  try {
    return await stores.integrity.checkIntegrity();
  } finally {
    await stores.connection.close();
  }
}

/**
 * Mixed load against the booted API over HTTP: 32 closed-loop clients in a separate process for 60 s, 70% recall,
 * 25% remember, 5% memories listing, on one tenant seeded with 10k memories (hash embeddings, so the numbers are the
 * service's and not the embedding model's). Afterwards the integrity check must find the store clean.
 */
export async function runLoadBench(seconds = 60, connections = 32, seed = 10_000): Promise<void> {
  const locomo = loadLocomo();
  const turns = locomo.flatMap((c) => c.turns.map(turnContent)).filter((t) => t.length > 30);
  const questions = locomo.flatMap((c) => c.questions.map((q) => q.question));
  // capacity, not the rate limiter: 32 clients of one tenant from one address would be over the default limits
  const bench = await startBenchApp({
    EMBEDDINGS: 'hash',
    EMBEDDING_DIMENSIONS: '512',
    ENGRAM_API_KEYS: `${TENANT}:${KEY}`,
    RATE_LIMIT_PER_MINUTE: '0',
  });
  try {
    const embedder = bench.app.get<Embedder>(EMBEDDER);
    const importer = bench.app.get(MemoryImportService);
    const start = Date.UTC(2024, 0, 1);
    for (let offset = 0; offset < seed; offset += IMPORT_CHUNK) {
      const items = Array.from({ length: Math.min(IMPORT_CHUNK, seed - offset) }, (_, j) => ({
        content: `${turns[(offset + j) % turns.length]} [${offset + j}]`,
        createdAt: new Date(start + (offset + j) * 60_000),
      }));
      // conversation history, stored as it was (trusted: no firewall)
      await importer.importMany(TENANT, items, await embedder.embed(items.map((i) => i.content)), { trusted: true });
    }
    const plan: LoadPlan = {
      url: bench.url,
      key: KEY,
      connections,
      seconds,
      mix: [
        { name: 'recall', share: 0.7, query: RECALL, variables: questions.map((q) => ({ q })) },
        {
          name: 'remember',
          share: 0.25,
          query: REMEMBER,
          // two seeded turns joined: new to the store (a turn alone would only reinforce its seeded copy)
          variables: turns.slice(0, 4000).map((content, i) => ({
            input: { content: `${content} ${turns[(i * 7 + 1331) % turns.length] ?? ''} (load ${i})` },
          })),
        },
        { name: 'memories', share: 0.05, query: LIST, variables: [{ limit: 20 }, { limit: 50 }] },
      ],
    };
    process.stderr.write(`seeded ${seed} memories; ${connections} clients for ${seconds} s\n`);
    const samples = await runClient(plan);
    const seconds_ = samples.elapsedMs / 1000;
    const perOp = Object.entries(samples.latencies).map(([op, list]) => {
      const s = summarize(list);
      const errors = Object.values(samples.errors[op] ?? {}).reduce((a, b) => a + b, 0);

      return { op, ok: s.n, errors, errorCodes: samples.errors[op] ?? {}, perSecond: s.n / seconds_, latency: s };
    });
    const total = perOp.reduce((sum, o) => sum + o.ok, 0);
    const rows: Record<string, string | number>[] = perOp.map((o) => ({
      operation: o.op,
      requests: o.ok,
      'req/s': round(o.perSecond, 1),
      'p50 ms': round(o.latency.median),
      'p95 ms': round(o.latency.p95),
      'p99 ms': round(o.latency.p99),
      errors: o.errors,
    }));
    rows.push({
      operation: 'all',
      requests: total,
      'req/s': round(total / seconds_, 1),
      'p50 ms': '',
      'p95 ms': '',
      'p99 ms': '',
      errors: perOp.reduce((sum, o) => sum + o.errors, 0),
    });
    const checkStarted = performance.now();
    const integrity = await checkStore(bench.config.store);
    const checkMs = round(performance.now() - checkStarted);
    process.stderr.write(formatIntegrityReport(integrity));
    const stored = integrity.tenants.find((t) => t.tenantId === TENANT);
    const checked = {
      clean: integrity.problems.length === 0,
      problems: integrity.problems.length,
      memoriesWritten: (stored?.memories ?? seed) - seed,
      checkMs,
      tenants: integrity.tenants,
    };
    report('load', { seed, connections, seconds: round(seconds_, 1), operations: perOp, integrity: checked }, rows);
    if (!checked.clean) {
      throw new Error(`the store is not clean after the load: ${checked.problems} integrity problem(s)`);
    }
  } finally {
    await bench.close();
  }
}
