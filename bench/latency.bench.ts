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
import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteMemoryStore, TEXT_THREAD_MIN_ROWS } from 'src/store/sqlite/sqlite-memory.store';
import { STORE_CONNECTION } from 'src/store/store-connection';
import type { StoreConnection } from 'src/store/store-connection';

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
      // the index of a large tenant is built in the background from its first search: timed searches start after it
      if (store instanceof SqliteMemoryStore) {
        await store.warmVectorIndex(TENANT);
      }
      const connection = bench.app.get<StoreConnection>(STORE_CONNECTION);
      // a kept database holds what its import wrote: the rows are counted, not assumed
      const memories =
        connection instanceof SqliteDatabase
          ? (connection.db
              .prepare<[string], { n: number }>('SELECT count(*) AS n FROM memories WHERE tenant_id = ?')
              .get(TENANT)?.n ?? size)
          : size;
      const queryVectors = await embedder.embed(questions);
      const visibility = { statuses: [MemoryStatus.ACTIVE] };
      const samples = {
        service: [] as number[],
        serviceHere: [] as number[],
        asOf: [] as number[],
        vector: [] as number[],
        text: [] as number[],
        textHere: [] as number[],
        http: [] as number[],
        httpHere: [] as number[],
      };
      // the same questions with full text on the event loop, as before the read thread (side by side, interleaved)
      const textThread = (on: boolean): void => {
        if (store instanceof SqliteMemoryStore) {
          store.setTextThreadMinRows(on ? TEXT_THREAD_MIN_ROWS : Infinity);
        }
      };
      const recallOverHttp = (query: string): Promise<unknown> =>
        fetch(bench.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
          body: JSON.stringify({
            query:
              'query($q: String!) { recall(input: { query: $q, limit: 10 }) { tookMs hits { score memory { id content } } } }',
            variables: { q: query },
          }),
        }).then((r) => r.json());
      // halfway through the imported turns: half the memories had happened by then
      const asOf = new Date(start + (size / 2) * 60_000);
      for (let round_ = 0; round_ < 2; round_++) {
        for (const [i, query] of questions.entries()) {
          const vector = queryVectors[i]!;
          const record = round_ === 1 && i >= 0;
          const into = (list: number[]): number[] => (record ? list : []);
          await time(into(samples.vector), () => store.searchVectors(TENANT, vector, 40, visibility));
          await time(into(samples.text), () => store.searchText(TENANT, searchableQuery(query), 40, visibility));
          await time(into(samples.service), () => recall.recallWithVector(TENANT, { query, limit: 10 }, vector));
          await time(into(samples.asOf), () => recall.recallWithVector(TENANT, { query, limit: 10, asOf }, vector));
          await time(into(samples.http), () => recallOverHttp(query));
          textThread(false);
          try {
            await time(into(samples.textHere), () => store.searchText(TENANT, searchableQuery(query), 40, visibility));
            await time(into(samples.serviceHere), () => recall.recallWithVector(TENANT, { query, limit: 10 }, vector));
            await time(into(samples.httpHere), () => recallOverHttp(query));
          } finally {
            textThread(true);
          }
          if (round_ === 0 && i >= WARMUP) {
            break;
          }
        }
      }
      const summary = {
        size: memories,
        importPerSecond: imported ? null : round(size / (importMs / 1000), 0),
        service: summarize(samples.service),
        serviceTextOnEventLoop: summarize(samples.serviceHere),
        asOf: summarize(samples.asOf),
        http: summarize(samples.http),
        httpTextOnEventLoop: summarize(samples.httpHere),
        vectorSearch: summarize(samples.vector),
        textSearch: summarize(samples.text),
        textSearchOnEventLoop: summarize(samples.textHere),
      };
      results.push(summary);
      rows.push(
        row(memories, 'RecallService (query vector given)', summary.service),
        row(memories, '  the same, full text on the event loop (before)', summary.serviceTextOnEventLoop),
        row(memories, 'RecallService with asOf (half the memories had happened)', summary.asOf),
        row(memories, 'GraphQL over HTTP (hash query embedding)', summary.http),
        row(memories, '  the same, full text on the event loop (before)', summary.httpTextOnEventLoop),
        row(memories, 'store.searchVectors k=40', summary.vectorSearch),
        row(memories, 'store.searchText k=40 (stop words removed)', summary.textSearch),
        row(memories, '  the same, on the event loop (before)', summary.textSearchOnEventLoop),
      );
      process.stderr.write(
        `size ${memories}: imported at ${summary.importPerSecond ?? '(reused)'}/s, recall p95 ${round(summary.service.p95)} ms\n`,
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
