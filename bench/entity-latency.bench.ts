import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { startBenchApp } from 'bench/support/bench-app';
import type { BenchApp } from 'bench/support/bench-app';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { EntityLinker } from 'src/entities/entity-linker.service';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { RecallService } from 'src/recall/recall.service';

const TENANT = 'bench';
const CHUNK = 2000;
const WARMUP = 20;

interface Side {
  name: string;
  bench: BenchApp;
  remember: number[];
  recall: number[];
}

async function timed(samples: number[], record: boolean, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  if (record) {
    samples.push(performance.now() - started);
  }
}

/**
 * `npm run bench -- entity-latency [size] [operations]`: `remember` and HYBRID recall p95 with entities on (the
 * linker after each write, the recall signal), its links made after the answer (the default) or before it
 * (ENTITY_LINKING_DEFERRED=false), and off (ENTITY_LINKING=false, RECALL_ENTITY_SIGNAL=false): three apps on SQLite
 * holding the same `size` LoCoMo turns (the "on" ones linked to their entities), asked in turn in one run so all see
 * the same machine load. Hash embeddings: the embedding model's time is left out.
 */
export async function runEntityLatency(size = 10_000, operations = 300): Promise<void> {
  const locomo = loadLocomo();
  const turns = locomo.flatMap((c) => c.turns).filter((t) => !t.text.includes('?'));
  const questions = locomo.flatMap((c) => c.questions.map((q) => q.question)).slice(0, operations);
  const env = { EMBEDDINGS: 'hash', EMBEDDING_DIMENSIONS: '512' };
  const sides: Side[] = [];
  try {
    for (const [name, on, deferred] of [
      ['entities on, links follow the write', 'true', 'true'],
      ['entities on, links before the answer', 'true', 'false'],
      ['entities off', 'false', 'true'],
    ] as const) {
      const bench = await startBenchApp({
        ...env,
        ENTITY_LINKING: on,
        ENTITY_LINKING_DEFERRED: deferred,
        RECALL_ENTITY_SIGNAL: on,
      });
      sides.push({ name, bench, remember: [], recall: [] });
      const embedder = bench.app.get<Embedder>(EMBEDDER);
      const importer = bench.app.get(MemoryImportService);
      const linker = bench.app.get(EntityLinker);
      const start = Date.UTC(2024, 0, 1);
      for (let offset = 0; offset < size; offset += CHUNK) {
        const items = Array.from({ length: Math.min(CHUNK, size - offset) }, (_, j) => {
          const i = offset + j;

          return {
            content: `${turnContent(turns[i % turns.length]!)} [${i}]`,
            type: null,
            createdAt: new Date(start + i * 60_000),
          };
        });
        const vectors = await embedder.embed(items.map((item) => item.content));
        const { ids } = await importer.importMany(TENANT, items, vectors, { trusted: true });
        // imports do not link: the "on" store gets the links its writes would have made
        for (const [j, id] of ids.entries()) {
          await linker.link(TENANT, { id, content: items[j]?.content ?? '', slot: null });
        }
      }
      process.stderr.write(`${name}: ${size} memories stored\n`);
    }
    const load: number[] = [];
    for (let i = 0; i < operations + WARMUP; i++) {
      const record = i >= WARMUP;
      // alternate which side goes first, so neither always meets a warmer cache
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      const turn = turns[(size + i) % turns.length]!;
      const question = questions[i % questions.length] ?? '';
      for (const side of order) {
        const write = side.bench.app.get(MemoryWriteService);
        await timed(side.remember, record, () =>
          write.remember(TENANT, { content: `${turnContent(turn)} (${side.name} ${i})` }),
        );
        // links that follow the write are made before the next side's turn, outside its time (and before recall)
        await side.bench.app.get(OwedEntityLinks).settled();
      }
      for (const side of order) {
        const recall = side.bench.app.get(RecallService);
        const embedder = side.bench.app.get<Embedder>(EMBEDDER);
        const [vector] = await embedder.embed([question]);
        await timed(side.recall, record, () =>
          recall.recallWithVector(TENANT, { query: question, limit: 10 }, vector ?? null, { recordAccess: false }),
        );
      }
      if (i % 50 === 0) {
        load.push(loadavg()[0] ?? 0);
      }
    }
    const rows = sides.flatMap((side) =>
      (
        [
          ['remember', side.remember],
          ['recall (HYBRID, query vector given)', side.recall],
        ] as const
      ).map(([path, samples]) => {
        const s = summarize(samples);

        return {
          memories: size,
          variant: side.name,
          path,
          n: s.n,
          'median ms': round(s.median),
          'p95 ms': round(s.p95),
        };
      }),
    );
    const meanLoad = load.reduce((a, b) => a + b, 0) / Math.max(1, load.length);
    report('entity-latency', { size, operations, loadAverage1m: round(meanLoad, 2), rows }, rows);
  } finally {
    for (const side of sides) {
      await side.bench.close();
    }
  }
}
