import 'reflect-metadata';

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { report, round, summarize } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';
import type { InsertMemoryCommand, ScoredId, Visibility } from 'src/domain/memory-store.port';
import { MemoryStatus, MemoryType } from 'src/domain/memory.enums';
import { BinaryVectorIndex } from 'src/store/sqlite/binary-vector-index';
import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { draft } from 'test/contract/memory-fixtures';
import { rng } from 'test/support/seeded-random';

/**
 * Vector search in one SQLite tenant: the exact vec0 KNN scan against the binary index (Hamming scan, sign-bit
 * and int8 rescoring, exact vec0 scores for the final hits), both through SqliteMemoryStore on the same file, and
 * the index alone in JS. The tenant grows through the sizes, so 100k reuses the first 10k.
 *
 *   node -r @swc-node/register bench/vector-index.bench.ts [sizes…] [--queries=N]
 */

const DIMS = 512;
const TENANT = 'bench';
const MODEL = 'bench-synthetic-512';
const K_VALUES = [10, 40];
const WARMUP = 5;
const CLUSTERS = 1000;
const VISIBILITY: Visibility = { statuses: [MemoryStatus.ACTIVE, MemoryStatus.QUARANTINED] };
const FILTER = { statuses: VISIBILITY.statuses, visibilityKeys: ['G'] };

type Distribution = 'random' | 'clustered';

function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) {
    norm += x * x;
  }
  const scale = 1 / Math.sqrt(norm);

  return vector.map((x) => x * scale);
}

/**
 * random: isotropic unit vectors, where every point is about as far as any other (the worst case for any
 * quantization). clustered: unit vectors around 1,000 random centres, noise as large as the centre (cosine about
 * 0.7 to the centre, 0.5 within a cluster), queries drawn the same way.
 */
function generator(distribution: Distribution, seed: number): () => Float32Array {
  const random = rng(seed);
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const isotropic = (): Float32Array => unit(Float32Array.from({ length: DIMS }, gaussian));
  if (distribution === 'random') {
    return isotropic;
  }
  const centers = Array.from({ length: CLUSTERS }, isotropic);
  const sigma = 1 / Math.sqrt(DIMS);

  return () => {
    const center = centers[Math.floor(random() * CLUSTERS)]!;

    return unit(center.map((x) => x + gaussian() * sigma));
  };
}

function command(i: number, vector: Float32Array): InsertMemoryCommand {
  const at = new Date(Date.UTC(2024, 0, 1) + i * 1000);

  return {
    memory: draft(TENANT, `synthetic memory ${i}`, { createdAt: at, embeddingModel: MODEL }),
    vector,
    links: [],
    supersede: [],
  };
}

function overlap(actual: readonly string[], expected: readonly ScoredId[]): number {
  const truth = new Set(expected.map((hit) => hit.id));

  return actual.filter((id) => truth.has(id)).length;
}

interface PathResult {
  latency: Summary;
  recall: number | null;
}

interface RunResult {
  distribution: Distribution;
  size: number;
  insertsPerSecond: number;
  firstIndexedSearchMs: number;
  indexBytesPerVector: number;
  byK: Record<string, Record<string, PathResult>>;
}

async function run(sizes: number[], queryCount: number): Promise<void> {
  const results: RunResult[] = [];
  const rows: Record<string, string | number>[] = [];
  for (const [d, distribution] of (['random', 'clustered'] as const).entries()) {
    const dir = mkdtempSync(join(tmpdir(), 'engram-vector-bench-'));
    const file = join(dir, 'engram.sqlite');
    const indexedDb = new SqliteDatabase({ file });
    const exactDb = new SqliteDatabase({ file });
    await indexedDb.init({ model: MODEL, dimensions: DIMS });
    await exactDb.init({ model: MODEL, dimensions: DIMS });
    const indexed = new SqliteMemoryStore(indexedDb, { vectorIndexMinRows: 0 });
    const exact = new SqliteMemoryStore(exactDb, { vectorIndexMinRows: Number.MAX_SAFE_INTEGER });
    const next = generator(distribution, 1000 + d);
    const vectors: Float32Array[] = [];
    const ids: string[] = [];
    try {
      for (const size of sizes) {
        const started = performance.now();
        const grownFrom = vectors.length;
        while (vectors.length < size) {
          const vector = next();
          const result = await indexed.insertMemory(command(vectors.length, vector));
          vectors.push(vector);
          ids.push(result.memory.id);
        }
        const insertsPerSecond = (size - grownFrom) / ((performance.now() - started) / 1000);
        const queries = Array.from({ length: queryCount + WARMUP }, next);

        const buildStarted = performance.now();
        await indexed.searchVectors(TENANT, queries[0]!, 10, VISIBILITY);
        // the first search starts the index in the background: this is the time until it is in place
        await indexed.warmVectorIndex(TENANT);
        const firstIndexedSearchMs = performance.now() - buildStarted;

        const alone = new BinaryVectorIndex({ dimensions: DIMS, initialCapacity: size });
        const row = { status: MemoryStatus.ACTIVE, visibility: 'G', type: MemoryType.FACT };
        vectors.forEach((vector, i) => alone.add(i, vector, row));

        const byK: Record<string, Record<string, PathResult>> = {};
        for (const k of K_VALUES) {
          const samples = { exact: [] as number[], indexed: [] as number[], alone: [] as number[] };
          const found = { indexed: 0, alone: 0 };
          let wanted = 0;
          for (const [q, query] of queries.entries()) {
            const measured = q >= WARMUP;
            let t = performance.now();
            const truth = await exact.searchVectors(TENANT, query, k, VISIBILITY);
            const exactMs = performance.now() - t;
            t = performance.now();
            const hits = await indexed.searchVectors(TENANT, query, k, VISIBILITY);
            const indexedMs = performance.now() - t;
            t = performance.now();
            const approximate = alone.search(query, k, FILTER);
            const aloneMs = performance.now() - t;
            if (measured) {
              samples.exact.push(exactMs);
              samples.indexed.push(indexedMs);
              samples.alone.push(aloneMs);
              found.indexed += overlap(
                hits.map((hit) => hit.id),
                truth,
              );
              found.alone += overlap(
                approximate.map((hit) => ids[hit.rowid] ?? ''),
                truth,
              );
              wanted += truth.length;
            }
          }
          const paths: Record<string, PathResult> = {
            'vec0 exact KNN': { latency: summarize(samples.exact), recall: null },
            'binary index + exact vec0 scores': { latency: summarize(samples.indexed), recall: found.indexed / wanted },
            'binary index alone (JS, int8 scores)': { latency: summarize(samples.alone), recall: found.alone / wanted },
          };
          byK[k] = paths;
          for (const [path, result] of Object.entries(paths)) {
            rows.push({
              memories: size,
              data: distribution,
              k,
              path,
              'median ms': round(result.latency.median),
              'p95 ms': round(result.latency.p95),
              'recall@k': result.recall === null ? '1 (reference)' : round(result.recall, 3),
            });
          }
        }
        results.push({
          distribution,
          size,
          insertsPerSecond: Math.round(insertsPerSecond),
          firstIndexedSearchMs: round(firstIndexedSearchMs),
          indexBytesPerVector: round(alone.byteLength / alone.size, 1),
          byK,
        });
        process.stderr.write(
          `${distribution} ${size}: first indexed search (build) ${round(firstIndexedSearchMs)} ms, ` +
            `${round(alone.byteLength / alone.size, 1)} B/vector\n`,
        );
      }
    } finally {
      await indexedDb.close();
      await exactDb.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  report('vector-index', { dimensions: DIMS, queries: queryCount, results, memory: process.memoryUsage() }, rows);
}

const args = process.argv.slice(2);
const sizes = args.filter((arg) => !arg.startsWith('--')).map(Number);
const queries = Number(args.find((arg) => arg.startsWith('--queries='))?.slice('--queries='.length) ?? 100);
run(sizes.length > 0 ? sizes : [10_000, 100_000], queries).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
