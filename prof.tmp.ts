import 'reflect-metadata';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startBenchApp } from 'bench/support/bench-app';
import { tenantFile } from 'bench/hostile-inputs.bench';
const KEY = 'bench-hostile-key-0001';
async function main(): Promise<void> {
  const bench = await startBenchApp({ ENGRAM_API_KEYS: `bench:${KEY}`, EMBEDDINGS: 'hash', RATE_LIMIT_PER_MINUTE: '0', ...(process.env['NOSWEEP'] ? { CORTEX_SWEEP_MS: '100000000', OWED_WORK_SWEEP_MS: '100000000' } : {}) });
  const origin = bench.url.replace(/\/graphql$/, '');
  const file = tenantFile(Number(process.env['N'] ?? 5000));
  for (const [name, method, path, body, ct] of [['import', 'POST', '/api/import', file, 'application/x-ndjson'], ['export', 'GET', '/api/export', undefined, undefined], ['purge', 'POST', '/api/purge', '{"confirm":"purge"}', 'application/json']] as const) {
    const h = monitorEventLoopDelay({ resolution: 1 }); h.enable();
    const t0 = performance.now();
    const r = await fetch(`${origin}${path}`, { method, headers: { authorization: `Bearer ${KEY}`, ...(ct ? { 'content-type': ct } : {}) }, body });
    await r.arrayBuffer();
    h.disable();
    console.log(name, r.status, Math.round(performance.now() - t0), 'ms; loop max', Math.round(h.max / 1e6), 'p99', Math.round(h.percentile(99) / 1e6));
  }
  await bench.close();
}
void main();
