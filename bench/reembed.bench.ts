import 'reflect-metadata';

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { report, round, summarize } from 'bench/support/stats';
import type { Visibility } from 'src/domain/memory-store.port';
import { MemoryStatus } from 'src/domain/memory.enums';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { ReembedService } from 'src/embedding/migration/reembed.service';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { draft } from 'test/contract/memory-fixtures';
import { rng } from 'test/support/seeded-random';

/**
 * Embedding-model migration on SQLite, one tenant: the store is filled with the 512-d hash model (USE's size), then
 * opened with a 768-d model (nomic-embed-text's size). Measures the boot step (setting the previous vectors aside),
 * the re-embedding with a hash embedder (so the store's side is what is timed: a real embedding server adds its own
 * time per text), the vector side of recall during the migration (previous vectors) and after the switch, and the
 * switch itself.
 *
 *   npm run bench -- reembed [memories…]     (default 10000 100000)
 */

const TENANT = 'bench';
const OLD = new HashEmbedder(512);
const NEW = new HashEmbedder(768);
const QUERIES = 200;
const K = 40;
const VISIBLE: Visibility = { statuses: [MemoryStatus.ACTIVE], task: { taskId: null } };
const WORDS =
  'tea coffee ships climbing bread piano garden travel budget report meeting sister dog cat paris tokyo music film book run'.split(
    ' ',
  );

function sentence(random: () => number, i: number): string {
  const words = Array.from({ length: 8 }, () => WORDS[Math.floor(random() * WORDS.length)]!);

  return `Memory ${i}: the user mentioned ${words.join(' ')}`;
}

async function fill(stores: Stores, size: number, random: () => number): Promise<void> {
  const database = stores.connection as unknown as { transaction<T>(work: () => T): T };
  const chunk = 2000;
  for (let start = 0; start < size; start += chunk) {
    const texts = Array.from({ length: Math.min(chunk, size - start) }, (_, j) => sentence(random, start + j));
    const vectors = await OLD.embed(texts);
    // insertMemory does its work synchronously inside; one outer transaction per chunk keeps the fill fast
    database.transaction(() => {
      texts.forEach((content, j) => {
        void stores.memories.insertMemory({
          memory: draft(TENANT, content, { embeddingModel: OLD.model }),
          vector: vectors[j]!,
          links: [],
          supersede: [],
        });
      });
    });
  }
}

async function latencies(run: (query: Float32Array) => Promise<unknown>, queries: Float32Array[]): Promise<number[]> {
  const samples: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await run(query);
    samples.push(performance.now() - started);
  }

  return samples;
}

export async function runReembedBench(sizes: number[] = [10_000, 100_000]): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const results: Record<string, unknown>[] = [];
  for (const size of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'engram-reembed-bench-'));
    const file = join(dir, 'engram.sqlite');
    try {
      const random = rng(size);
      const before = openSqliteStores(file);
      await before.connection.init({ model: OLD.model, dimensions: OLD.dimensions });
      await fill(before, size, random);
      await before.connection.close();

      const stores = openSqliteStores(file);
      let started = performance.now();
      await stores.connection.init({ model: NEW.model, dimensions: NEW.dimensions });
      const beginMs = performance.now() - started;

      const texts = Array.from({ length: QUERIES }, () => sentence(random, -1).split(': ')[1]!);
      const oldQueries = await OLD.embed(texts);
      const newQueries = await NEW.embed(texts);
      const during = summarize(
        await latencies((q) => stores.embeddingMigration.searchPrevious(TENANT, q, K, VISIBLE), oldQueries),
      );

      const service = new ReembedService(stores.embeddingMigration, NEW, { reembedBatch: 256 });
      started = performance.now();
      const outcome = await service.run();
      const reembedMs = performance.now() - started;
      // re-embedding drops the tenant's index: it is built again in the background from the next search
      if (stores.memories instanceof SqliteMemoryStore) {
        await stores.memories.warmVectorIndex(TENANT);
      }
      const after = summarize(await latencies((q) => stores.memories.searchVectors(TENANT, q, K, VISIBLE), newQueries));
      await stores.connection.close();
      // the same search without the in-memory binary index: the exact vec0 scan the previous vectors get
      const exactStores = openSqliteStores(file, { vectorIndexMinRows: Number.MAX_SAFE_INTEGER });
      await exactStores.connection.init({ model: NEW.model, dimensions: NEW.dimensions });
      const exact = summarize(
        await latencies((q) => exactStores.memories.searchVectors(TENANT, q, K, VISIBLE), newQueries),
      );
      await exactStores.connection.close();

      const result = {
        memories: size,
        beginMs: round(beginMs),
        reembedMs: round(reembedMs),
        rowsPerSecond: round(size / (reembedMs / 1000)),
        outcome: outcome.outcome,
        previousSearch: during,
        currentSearch: after,
        currentExactScan: exact,
      };
      results.push(result);
      rows.push(
        { memories: size, step: 'boot: set the 512-d vectors aside', 'median ms': round(beginMs), 'p95 ms': '–' },
        {
          memories: size,
          step: `re-embed to 768-d (hash embedder), ${round(size / (reembedMs / 1000), 0)} rows/s`,
          'median ms': round(reembedMs),
          'p95 ms': '–',
        },
        {
          memories: size,
          step: `vector side during the migration (previous vectors, k ${K})`,
          'median ms': round(during.median),
          'p95 ms': round(during.p95),
        },
        {
          memories: size,
          step: `vector side after the switch (k ${K})`,
          'median ms': round(after.median),
          'p95 ms': round(after.p95),
        },
        {
          memories: size,
          step: `same, exact vec0 scan (no binary index)`,
          'median ms': round(exact.median),
          'p95 ms': round(exact.p95),
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  report('reembed', results, rows);
}
