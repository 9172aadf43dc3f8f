import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { cpuBlockMonitor, mainThreadCpuMs } from 'bench/support/cpu-block';
import { report, round } from 'bench/support/stats';
import { MemoryStatus } from 'src/domain/memory.enums';
import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { draft } from 'test/contract/memory-fixtures';
import { rng } from 'test/support/seeded-random';

/**
 * The longest main-thread block (CPU ms) of a large tenant's first vector search on a fresh connection (a restart;
 * an import drops the tenant's index the same way), until its in-memory index is in place: built whole inside that
 * search ("before": vectorIndexSliceRows Infinity) or in the background in slices while the search takes the exact
 * vec0 scan ("after": the default). Both variants alternate on the same file in one process, `rounds` times.
 * Dense clustered 384-dimensional vectors (a small embedding model's size).
 *
 *   npm run bench -- index-build 10000 100000
 */
const TENANT = 'bench-index-build';
const SPACE = { model: 'bench-dense-384', dimensions: 384 };
const BATCH = 1000;
const VISIBILITY = { statuses: [MemoryStatus.ACTIVE] };

const VARIANTS = [
  { name: 'before: whole build in the first search', sliceRows: Infinity },
  { name: 'after: background build in slices', sliceRows: undefined },
] as const;

function vectors(seed: number): () => Float32Array {
  const random = rng(seed);
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const centers = Array.from({ length: 64 }, () => Float32Array.from({ length: SPACE.dimensions }, gaussian));

  return () => centers[Math.floor(random() * centers.length)]!.map((x) => x + gaussian() * 0.8);
}

async function seed(file: string, size: number): Promise<void> {
  const database = new SqliteDatabase({ file });
  await database.init(SPACE);
  const store = new SqliteMemoryStore(database);
  const next = vectors(7);
  for (let offset = 0; offset < size; offset += BATCH) {
    const items = Array.from({ length: Math.min(BATCH, size - offset) }, (_, j) => ({
      memory: draft(TENANT, `memory ${offset + j}: a remembered fact number ${offset + j}`),
      vector: next(),
      links: [],
      supersede: [],
    }));
    await store.insertMemories({ items });
  }
  await database.close();
}

interface Measured {
  blockCpuMs: number;
  firstSearchMs: number;
  firstSearchCpuMs: number;
  readyMs: number;
  indexed: boolean;
  nextSearchMs: number;
}

async function measure(file: string, sliceRows: number | undefined, query: Float32Array): Promise<Measured> {
  const database = new SqliteDatabase({ file });
  await database.init(SPACE);
  const store = new SqliteMemoryStore(database, { vectorIndexSliceRows: sliceRows });
  try {
    const cpu = cpuBlockMonitor();
    const started = performance.now();
    const cpuStarted = mainThreadCpuMs();
    await store.searchVectors(TENANT, query, 40, VISIBILITY);
    const firstSearchMs = performance.now() - started;
    const firstSearchCpuMs = mainThreadCpuMs() - cpuStarted;
    const indexed = await store.warmVectorIndex(TENANT);
    const readyMs = performance.now() - started;
    // a last tick of the monitor after the build's last slice
    await new Promise((resolve) => setTimeout(resolve, 5));
    const blockCpuMs = cpu.stop();
    const next = performance.now();
    await store.searchVectors(TENANT, query, 40, VISIBILITY);

    return { blockCpuMs, firstSearchMs, firstSearchCpuMs, readyMs, indexed, nextSearchMs: performance.now() - next };
  } finally {
    await database.close();
  }
}

export async function runIndexBuild(sizes: number[], rounds = 2): Promise<void> {
  const results: Record<string, unknown>[] = [];
  const rows: Record<string, string | number>[] = [];
  const query = vectors(11)();
  for (const size of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'engram-index-build-'));
    try {
      const file = join(dir, 'engram.sqlite');
      const seeded = performance.now();
      await seed(file, size);
      process.stderr.write(`size ${size}: seeded in ${round((performance.now() - seeded) / 1000, 1)} s\n`);
      for (let r = 0; r < rounds; r++) {
        for (const variant of VARIANTS) {
          const m = await measure(file, variant.sliceRows, query);
          const row = {
            size,
            round: r + 1,
            variant: variant.name,
            'longest block, CPU ms': round(m.blockCpuMs),
            'first search ms': round(m.firstSearchMs),
            'first search CPU ms': round(m.firstSearchCpuMs),
            'index ready ms': round(m.readyMs),
            'next search ms': round(m.nextSearchMs),
          };
          if (!m.indexed) {
            throw new Error(`size ${size}, ${variant.name}: the index was not built`);
          }
          results.push(row);
          rows.push(row);
          process.stderr.write(`${JSON.stringify(row)}\n`);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  report('index-build', results, rows);
}
