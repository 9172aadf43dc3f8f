import 'reflect-metadata';

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { UseCache } from 'bench/research/use-cache';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { loadObservations } from 'bench/support/locomo-observations';
import { summarize } from 'bench/support/stats';
import type { InsertMemoryCommand, ScoredId, Visibility } from 'src/domain/memory-store.port';
import { MemoryStatus } from 'src/domain/memory.enums';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { vectorQueryText } from 'src/recall/query-signals';
import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { draft } from 'test/contract/memory-fixtures';

/**
 * Recall@k of the binary index against the exact vec0 scan, on the load bench's data (hash-512 vectors of LoCoMo
 * turns, 10k) or on LoCoMo's USE vectors (every turn and observation of the ten conversations in one tenant).
 *   node -r ts-node/register/transpile-only -r tsconfig-paths/register bench/research/index-recall.ts hash|use [n]
 */
const TENANT = 't';
const VIS: Visibility = { statuses: [MemoryStatus.ACTIVE], task: { taskId: null } };

async function main(): Promise<void> {
  const kind = process.argv[2] ?? 'hash';
  const size = Number(process.argv[3] ?? 10_000);
  const locomo = loadLocomo();
  const questions = locomo.flatMap((c) => c.questions.filter(isScorable).map((q) => q.question));
  let texts: string[];
  let vectorOf: (text: string) => Promise<Float32Array>;
  let model: string;
  if (kind === 'hash') {
    const turns = locomo.flatMap((c) => c.turns.map(turnContent)).filter((t) => t.length > 30);
    texts = Array.from({ length: size }, (_, i) => `${turns[i % turns.length]} [${i}]`);
    const embedder = new HashEmbedder(512);
    model = embedder.model;
    vectorOf = async (t) => (await embedder.embed([t]))[0]!;
  } else {
    const cache = new UseCache();
    texts = [
      ...locomo.flatMap((c) => c.turns.map(turnContent)),
      ...locomo.flatMap((c) => loadObservations(c).map((o) => o.content)),
    ].filter((t) => cache.get(t) !== undefined);
    texts = [...new Set(texts)].slice(0, size);
    model = 'use-512';
    vectorOf = (t) => {
      const v = cache.get(t);
      if (!v) {
        throw new Error(`not cached: ${t}`);
      }

      return Promise.resolve(v);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'engram-index-recall-'));
  const file = join(dir, 'engram.sqlite');
  const exactDb = new SqliteDatabase({ file });
  const indexedDb = new SqliteDatabase({ file });
  await exactDb.init({ model, dimensions: 512 });
  await indexedDb.init({ model, dimensions: 512 });
  const exact = new SqliteMemoryStore(exactDb, { vectorIndexMinRows: Number.MAX_SAFE_INTEGER });
  const indexed = new SqliteMemoryStore(indexedDb, { vectorIndexMinRows: 0 });
  try {
    const commands: InsertMemoryCommand[] = [];
    for (const [i, content] of texts.entries()) {
      const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000);
      commands.push({
        memory: draft(TENANT, content, { createdAt: at, embeddingModel: model }),
        vector: await vectorOf(content),
        links: [],
        supersede: [],
      });
    }
    for (let i = 0; i < commands.length; i += 2000) {
      await exact.insertMemories({ items: commands.slice(i, i + 2000) });
    }
    process.stderr.write(`${kind}: ${commands.length} memories\n`);
    const sets: { name: string; k: number; queries: string[] }[] = [
      { name: 'recall questions', k: 40, queries: questions.map(vectorQueryText) },
      { name: 'recall questions', k: 10, queries: questions.map(vectorQueryText) },
      {
        name: 'write-path neighbours',
        k: 8,
        queries: texts.slice(0, 1500).map((t, i) => `${t} ${texts[(i * 7 + 1331) % texts.length]}`),
      },
    ];
    if (kind === 'use') {
      sets.pop();
    }
    for (const set of sets) {
      let found = 0;
      let wanted = 0;
      let sameOrder = 0;
      let sameSet = 0;
      let maxScoreGap = 0;
      let realMisses = 0;
      let sameScores = 0;
      const tExact: number[] = [];
      const tIndexed: number[] = [];
      const vectors: Float32Array[] = [];
      for (const q of set.queries) {
        try {
          vectors.push(await vectorOf(q));
        } catch {
          // a USE question not cached
        }
      }
      // a large tenant's index is built in the background from its first search
      await indexed.warmVectorIndex(TENANT);
      for (const v of vectors) {
        let t = performance.now();
        const truth: ScoredId[] = await exact.searchVectors(TENANT, v, set.k, VIS);
        tExact.push(performance.now() - t);
        t = performance.now();
        const hits = await indexed.searchVectors(TENANT, v, set.k, VIS);
        tIndexed.push(performance.now() - t);
        const truthIds = new Set(truth.map((h) => h.id));
        const hit = hits.filter((h) => truthIds.has(h.id)).length;
        found += hit;
        wanted += truth.length;
        sameSet += hit === truth.length && hits.length === truth.length ? 1 : 0;
        sameOrder += hits.map((h) => h.id).join() === truth.map((h) => h.id).join() ? 1 : 0;
        // how far below the exact k-th score the index's misses are
        const kth = truth[truth.length - 1]?.score ?? 0;
        for (const h of truth) {
          if (!hits.some((x) => x.id === h.id)) {
            maxScoreGap = Math.max(maxScoreGap, h.score - kth);
            realMisses += h.score > kth + 1e-6 ? 1 : 0;
          }
        }
        // ties at the k-th score may be broken either way: the same list of scores is the same answer
        sameScores +=
          hits.length === truth.length && hits.every((h, i) => Math.abs(h.score - truth[i]!.score) < 1e-6) ? 1 : 0;
      }
      const e = summarize(tExact.slice(5));
      const x = summarize(tIndexed.slice(5));
      process.stdout.write(
        `${JSON.stringify({
          data: kind,
          memories: commands.length,
          set: set.name,
          k: set.k,
          queries: vectors.length,
          recallAtK: found / wanted,
          sameSet: sameSet / vectors.length,
          sameOrder: sameOrder / vectors.length,
          missedAboveKth: maxScoreGap,
          missesAboveKthPerQuery: realMisses / vectors.length,
          sameScores: sameScores / vectors.length,
          exactMs: [e.median, e.p95],
          indexedMs: [x.median, x.p95],
        })}\n`,
      );
    }
  } finally {
    await exactDb.close();
    await indexedDb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
