import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';

import { startBenchApp } from 'bench/support/bench-app';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder, EmbedLane } from 'src/domain/embedding.port';
import { embedQuery } from 'src/embedding/embed-safely';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import type { LocalEmbedderOptions } from 'src/embedding/local.embedder';
import { MemoryImportService } from 'src/memory/memory-import.service';

/** Texts per bulk call, as the imports send them (embedBatchesForStorage). */
const BULK_CALL = 64;
/** An agent's queries come one after another with a little work between them. */
const PAUSE_MS = 10;
const IMPORT_CHUNK = 1000;
/** Each measured phase stops after this long (the FIFO variant's queries wait seconds under bulk work). */
const PHASE_MS = 30_000;

interface Variant {
  name: string;
  options: LocalEmbedderOptions;
  /** The lane queries are sent on: `bulk` reproduces the one FIFO queue of before. */
  queryLane: EmbedLane;
}

const VARIANTS: readonly Variant[] = [
  {
    name: 'one model thread, one FIFO queue (before)',
    options: { queryThread: false, queryCacheSize: 0 },
    queryLane: 'bulk',
  },
  { name: 'one model thread, queries first', options: { queryThread: false, queryCacheSize: 0 }, queryLane: 'query' },
  { name: 'query thread + bulk thread (default)', options: { queryCacheSize: 0 }, queryLane: 'query' },
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

/** Bulk-lane calls of BULK_CALL texts over `texts` until `stop()`; the number embedded. */
async function bulkLoad(embedder: Embedder, texts: readonly string[], stop: () => boolean): Promise<number> {
  let done = 0;
  for (let i = 0; i < texts.length && !stop(); i += BULK_CALL) {
    const batch = texts.slice(i, i + BULK_CALL);
    await embedder.embed(batch, { lane: 'bulk' });
    done += batch.length;
  }

  return done;
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
 * `npm run bench -- query-embedding [queries]`: the local model's query embedding alone (distinct LoCoMo questions,
 * no cache hits), idle and while 10k texts are embedded in bulk, for one FIFO thread (before), one thread with the
 * query lane first, and a query thread beside the bulk one (with the memory each costs); then the default in the real
 * app while a 10k-memory import runs through MemoryImportService.
 */
export async function runQueryEmbedding(queries = 150): Promise<void> {
  const locomo = loadLocomo();
  const questions = locomo.flatMap((c) => c.questions.map((q) => q.question));
  const turns = locomo.flatMap((c) => c.turns).map(turnContent);
  const bulkTexts = Array.from({ length: 10_000 }, (_, i) => `${turns[i % turns.length] ?? ''} [${i}]`);
  const rows: Record<string, string | number>[] = [];
  const results: Record<string, unknown>[] = [];
  let offset = 0;
  const nextQuestions = (): string[] => {
    const slice = questions.slice(offset, offset + queries);
    offset += queries;

    return slice;
  };

  for (const variant of VARIANTS) {
    global.gc?.();
    const before = rssMb();
    const embedder = new LocalEmbedder(variant.options);
    try {
      await embedder.warmUp();
      await embedder.embed(['warm up the query path'], { lane: variant.queryLane });
      const rss = rssMb() - before;
      const embed = (text: string): Promise<unknown> => embedder.embed([text], { lane: variant.queryLane });
      const idle = summarize(await timeQueries(embed, nextQuestions()));
      let stop = false;
      const bulkStarted = performance.now();
      const bulk = bulkLoad(embedder, bulkTexts, () => stop);
      await sleep(200);
      const loaded = summarize(await timeQueries(embed, nextQuestions()));
      stop = true;
      const embedded = await bulk;
      const bulkPerSecond = round(embedded / ((performance.now() - bulkStarted) / 1000), 0);
      results.push({ variant: variant.name, rssMb: round(rss, 0), idle, underBulk: loaded, bulkPerSecond });
      rows.push(row(variant.name, 'idle', idle, { 'RSS MB': round(rss, 0), 'bulk texts/s': '' }));
      rows.push(row(variant.name, 'bulk embedding running', loaded, { 'RSS MB': '', 'bulk texts/s': bulkPerSecond }));
      process.stderr.write(`${variant.name}: ${JSON.stringify({ rss, idle, loaded, bulkPerSecond })}\n`);
    } finally {
      await embedder.close();
    }
  }

  // the default embedder in the real app, while a 10k-memory import embeds and writes through the one write path
  const bench = await startBenchApp({ EMBEDDINGS: 'local' });
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
