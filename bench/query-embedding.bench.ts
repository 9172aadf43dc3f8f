import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';

import { startBenchApp } from 'bench/support/bench-app';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';
import { DEFAULT_LOCAL_MODEL } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder, EmbedLane } from 'src/domain/embedding.port';
import { embedQuery } from 'src/embedding/embed-safely';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import type { OnnxEmbedderOptions } from 'src/embedding/onnx/onnx.embedder';
import { MemoryImportService } from 'src/memory/memory-import.service';

/** Texts per bulk call, as the imports send them (embedBatchesForStorage). */
const BULK_CALL = 64;
/** An agent's queries come one after another with a little work between them. */
const PAUSE_MS = 10;
const IMPORT_CHUNK = 1000;
/** Queries per variant and round when the variants are measured in turns. */
const ROUND_QUERIES = 5;
/** Each measured phase stops after this long (the FIFO variant's queries wait seconds under bulk work). */
const PHASE_MS = 30_000;

interface Variant {
  name: string;
  options: Omit<OnnxEmbedderOptions, 'modelsDir' | 'name'>;
  /** The lane queries are sent on: `bulk` reproduces one FIFO queue. */
  queryLane: EmbedLane;
}

/** The default model's query lane: ONNX Runtime's threads per call and whether idle threads spin. */
const VARIANTS: readonly Variant[] = [
  { name: 'one model thread, one FIFO queue', options: { queryThread: false, queryCacheSize: 0 }, queryLane: 'bulk' },
  {
    name: 'query thread + bulk thread, 1 ORT thread each (before)',
    options: { queryCacheSize: 0 },
    queryLane: 'query',
  },
  {
    name: 'query lane 2 ORT threads (default)',
    options: { queryCacheSize: 0, intraOpThreads: { query: 2 } },
    queryLane: 'query',
  },
  {
    name: 'query lane 2 ORT threads, spinning',
    options: { queryCacheSize: 0, intraOpThreads: { query: 2 }, spinning: true },
    queryLane: 'query',
  },
];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function timeQueries(
  embed: (text: string) => Promise<unknown>,
  questions: readonly string[],
  until?: () => boolean,
): Promise<number[]> {
  const samples: number[] = [];
  const phaseStarted = performance.now();
  for (const question of questions) {
    if (until?.() || performance.now() - phaseStarted > PHASE_MS) {
      break;
    }
    const started = performance.now();
    await embed(question);
    samples.push(performance.now() - started);
    await sleep(PAUSE_MS);
  }

  return samples;
}

function modelsDir(): string {
  return process.env['ENGRAM_MODELS_DIR'] ?? resolve(__dirname, '..', 'data', 'models');
}

function rssMb(): number {
  return process.memoryUsage().rss / 2 ** 20;
}

function row(
  variant: string,
  load: string,
  s: Summary,
  extra: Record<string, string | number> = {},
): Record<string, string | number> {
  return {
    variant,
    load,
    n: s.n,
    'median ms': round(s.median),
    'p95 ms': round(s.p95),
    'p99 ms': round(s.p99),
    max: round(s.max),
    ...extra,
  };
}

/**
 * `npm run bench -- query-embedding [queries] [model]`: a local model's query embedding (the default model unless
 * named) alone (distinct LoCoMo questions, no cache hits) and while 10k texts are embedded in bulk, for one FIFO
 * thread, the query thread beside the bulk one (default), and the query lane with two ONNX Runtime threads (idle
 * threads spinning or not), with the memory each costs; then the model in the real app while a 10k-memory import
 * runs through MemoryImportService.
 */
export async function runQueryEmbedding(queries = 150, model = DEFAULT_LOCAL_MODEL): Promise<void> {
  const locomo = loadLocomo();
  const questions = locomo.flatMap((c) => c.questions.map((q) => q.question));
  const turns = locomo.flatMap((c) => c.turns).map(turnContent);
  const bulkTexts = Array.from({ length: 10_000 }, (_, i) => `${turns[i % turns.length] ?? ''} [${i}]`);
  const rows: Record<string, string | number>[] = [];
  const results: Record<string, unknown>[] = [];
  let offset = 0;
  const nextQuestions = (n = queries): string[] => {
    const slice = questions.slice(offset % questions.length, (offset % questions.length) + n);
    offset += n;

    return slice;
  };

  // Every variant loaded at once and measured in turns, so that a change in the shared machine's load falls on
  // each alike: per round, each variant answers a few queries alone, then queries while one bulk call runs.
  const embedders: OnnxEmbedder[] = [];
  const rss: number[] = [];
  const idle: number[][] = VARIANTS.map(() => []);
  const loaded: number[][] = VARIANTS.map(() => []);
  const bulk = VARIANTS.map(() => ({ texts: 0, seconds: 0 }));
  try {
    for (const variant of VARIANTS) {
      global.gc?.();
      const before = rssMb();
      const embedder = new OnnxEmbedder({ ...variant.options, modelsDir: modelsDir(), name: model });
      embedders.push(embedder);
      await embedder.warmUp();
      await embedder.embed(['warm up the query path'], { lane: variant.queryLane });
      rss.push(rssMb() - before);
    }
    const rounds = Math.ceil(queries / ROUND_QUERIES);
    for (let r = 0; r < rounds; r++) {
      for (const [i, variant] of VARIANTS.entries()) {
        const embedder = embedders[i] as OnnxEmbedder;
        const embed = (text: string): Promise<unknown> => embedder.embed([text], { lane: variant.queryLane });
        idle[i]!.push(...(await timeQueries(embed, nextQuestions(ROUND_QUERIES))));
        let busy = true;
        const started = performance.now();
        const batch = bulkTexts.slice((r * VARIANTS.length + i) * BULK_CALL).slice(0, BULK_CALL);
        const running = embedder.embed(batch, { lane: 'bulk' }).finally(() => (busy = false));
        await sleep(PAUSE_MS);
        loaded[i]!.push(...(await timeQueries(embed, nextQuestions(ROUND_QUERIES * 4), () => !busy)));
        await running;
        bulk[i]!.texts += batch.length;
        bulk[i]!.seconds += (performance.now() - started) / 1000;
      }
      process.stderr.write(`round ${r + 1}/${rounds}\n`);
    }
  } finally {
    await Promise.all(embedders.map((e) => e.close()));
  }
  VARIANTS.forEach((variant, i) => {
    const alone = summarize(idle[i]!);
    const underBulk = summarize(loaded[i]!);
    const bulkPerSecond = round(bulk[i]!.texts / bulk[i]!.seconds, 1);
    results.push({ variant: variant.name, rssMb: round(rss[i]!, 0), idle: alone, underBulk, bulkPerSecond });
    rows.push(row(variant.name, 'idle', alone, { 'RSS MB': round(rss[i]!, 0), 'bulk texts/s': '' }));
    rows.push(row(variant.name, 'bulk call running', underBulk, { 'RSS MB': '', 'bulk texts/s': bulkPerSecond }));
  });

  // the default embedder in the real app, while a 10k-memory import embeds and writes through the one write path
  const bench = await startBenchApp({
    EMBEDDINGS: 'local',
    LOCAL_EMBEDDING_MODEL: model,
    ENGRAM_MODELS_DIR: modelsDir(),
  });
  try {
    const embedder = bench.app.get<Embedder>(EMBEDDER);
    const importer = bench.app.get(MemoryImportService);
    const logger = new Logger('query-embedding-bench');
    const embed = (text: string): Promise<unknown> => embedQuery(embedder, text, 5000, logger);
    await embed('warm up');
    let importing = true;
    let stopImport = false;
    let imported = 0;
    const importStarted = performance.now();
    const importing10k = (async () => {
      for (let i = 0; i < bulkTexts.length && !stopImport; i += IMPORT_CHUNK) {
        const items = bulkTexts.slice(i, i + IMPORT_CHUNK).map((content) => ({ content, type: null }));
        await importer.importMany('bench', items, undefined, { trusted: true });
        imported += items.length;
      }
      importing = false;
    })();
    await sleep(200);
    const samples = await timeQueries(embed, [...nextQuestions(), ...nextQuestions()], () => !importing);
    // the import (about 20 texts/s with the local model) is stopped after its current chunk once the queries are in
    stopImport = true;
    await importing10k;
    const importSeconds = (performance.now() - importStarted) / 1000;
    const during = summarize(samples);
    results.push({
      variant: 'app (default), 10k import',
      duringImport: during,
      importedWhileMeasuring: imported,
      importSeconds: round(importSeconds, 1),
    });
    rows.push(
      row('app: embedQuery, default embedder', 'a 10k-memory import running', during, {
        'RSS MB': '',
        'bulk texts/s': round(imported / importSeconds, 0),
      }),
    );
  } finally {
    await bench.close();
  }

  report('query-embedding', results, rows);
}
