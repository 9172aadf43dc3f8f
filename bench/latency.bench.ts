import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { startBenchApp } from 'bench/support/bench-app';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { MemoryStatus } from 'src/domain/memory.enums';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { searchableQuery } from 'src/recall/query-text';
import { RecallService } from 'src/recall/recall.service';

const TENANT = 'bench';
const BENCH_KEY = 'bench-key-0001';
const IMPORT_CHUNK = 5000;
const WARMUP = 20;

async function time<T>(samples: number[], fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  samples.push(performance.now() - started);

  return result;
}

function row(size: number, path: string, s: Summary): Record<string, string | number> {
  return { memories: size, path, n: s.n, 'median ms': round(s.median), 'p95 ms': round(s.p95), 'p99 ms': round(s.p99) };
}

/**
 * Recall latency at a given size in one tenant on SQLite, with the query embedding excluded (vectors are computed
 * before timing) and reported separately for the local model. With BENCH_LATENCY_DIR set, each size's database is
 * kept in `<dir>/<size>` and reused by later runs (the 1M import takes minutes), marked complete by a `.imported` file.
 */
export async function runLatency(sizes: number[], queries = 300): Promise<void> {
  const locomo = loadLocomo();
  const turns = locomo.flatMap((c) => c.turns);
  const questions = locomo.flatMap((c) => c.questions.map((q) => q.question)).slice(0, queries);
  const results: Record<string, unknown>[] = [];
  const rows: Record<string, string | number>[] = [];

  for (const size of sizes) {
    const keepDir = process.env.BENCH_LATENCY_DIR ? join(process.env.BENCH_LATENCY_DIR, String(size)) : undefined;
    const imported = keepDir !== undefined && existsSync(join(keepDir, '.imported'));
    if (keepDir !== undefined && !imported) {
      rmSync(keepDir, { recursive: true, force: true });
    }
    const env = { EMBEDDINGS: 'hash', EMBEDDING_DIMENSIONS: '512', ENGRAM_API_KEYS: `${TENANT}:${BENCH_KEY}` };
    const bench = await startBenchApp(env, keepDir);
    try {
      const embedder = bench.app.get<Embedder>(EMBEDDER);
      const importer = bench.app.get(MemoryImportService);
      const recall = bench.app.get(RecallService);
      const store = bench.app.get<MemoryStore>(MEMORY_STORE);
      const start = Date.UTC(2024, 0, 1);
      let importMs = 0;
      for (let offset = 0; offset < (imported ? 0 : size); offset += IMPORT_CHUNK) {
        const items = Array.from({ length: Math.min(IMPORT_CHUNK, size - offset) }, (_, j) => {
          const i = offset + j;
          const turn = turns[i % turns.length]!;

          return { content: `${turnContent(turn)} [${i}]`, type: null, createdAt: new Date(start + i * 60_000) };
        });
        const started = performance.now();
        const vectors = await embedder.embed(items.map((item) => item.content));
        // trusted: LoCoMo turns include questions, which the firewall keeps out of untrusted writes
        await importer.importMany(TENANT, items, vectors, { trusted: true });
        importMs += performance.now() - started;
      }
      if (keepDir !== undefined && !imported) {
        writeFileSync(join(keepDir, '.imported'), `${size}\n`);
      }
      const queryVectors = await embedder.embed(questions);
      const visibility = { statuses: [MemoryStatus.ACTIVE] };
      const samples = { service: [] as number[], vector: [] as number[], text: [] as number[], http: [] as number[] };
      for (let round_ = 0; round_ < 2; round_++) {
        for (const [i, query] of questions.entries()) {
          const vector = queryVectors[i]!;
          const record = round_ === 1 && i >= 0;
          const into = (list: number[]): number[] => (record ? list : []);
          await time(into(samples.vector), () => store.searchVectors(TENANT, vector, 40, visibility));
          await time(into(samples.text), () => store.searchText(TENANT, searchableQuery(query), 40, visibility));
          await time(into(samples.service), () => recall.recallWithVector(TENANT, { query, limit: 10 }, vector));
          await time(into(samples.http), () =>
            fetch(bench.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
              body: JSON.stringify({
                query:
                  'query($q: String!) { recall(input: { query: $q, limit: 10 }) { tookMs hits { score memory { id content } } } }',
                variables: { q: query },
              }),
            }).then((r) => r.json()),
          );
          if (round_ === 0 && i >= WARMUP) {
            break;
          }
        }
      }
      const summary = {
        size,
        importPerSecond: imported ? null : round(size / (importMs / 1000), 0),
        service: summarize(samples.service),
        http: summarize(samples.http),
        vectorSearch: summarize(samples.vector),
        textSearch: summarize(samples.text),
      };
      results.push(summary);
      rows.push(
        row(size, 'RecallService (query vector given)', summary.service),
        row(size, 'GraphQL over HTTP (hash query embedding)', summary.http),
        row(size, 'store.searchVectors k=40', summary.vectorSearch),
        row(size, 'store.searchText k=40 (stop words removed)', summary.textSearch),
      );
      process.stderr.write(
        `size ${size}: imported at ${summary.importPerSecond ?? '(reused)'}/s, recall p95 ${round(summary.service.p95)} ms\n`,
      );
    } finally {
      await bench.close();
    }
  }

  const local = new LocalEmbedder();
  const embedSamples: number[] = [];
  try {
    await local.embed(['warm up']);
    for (const question of questions.slice(0, 60)) {
      await time(embedSamples, () => local.embed([question]));
    }
  } finally {
    await local.close();
  }
  const embedding = summarize(embedSamples);
  rows.push(row(0, 'query embedding, local USE model (excluded above)', embedding));
  report('latency', { sizes: results, queryEmbeddingLocal: embedding }, rows);
}
