import { performance } from 'node:perf_hooks';

import { startBenchApp } from 'bench/support/bench-app';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';

interface IngestRow {
  path: string;
  embeddings: string;
  memories: number;
  perSecond: number;
  medianMs: number;
  p95Ms: number;
}

/**
 * Write throughput: `remember` one at a time through the whole write path (guards, dedup, neighbours, links),
 * and bulk import in batches, each with the hash embedder (embedding cost ~0) and with the local model.
 */
export async function runIngest(count = 2000, localCount = 300): Promise<void> {
  const texts = loadLocomo()
    .flatMap((c) => c.turns.map(turnContent))
    .filter((t) => t.length > 40);
  const rows: IngestRow[] = [];
  for (const [embeddings, n] of [
    ['hash', count],
    ['local', localCount],
  ] as const) {
    for (const path of ['remember', 'importMemories'] as const) {
      const bench = await startBenchApp({
        EMBEDDINGS: embeddings,
        ...(embeddings === 'hash' ? { EMBEDDING_DIMENSIONS: '512' } : {}),
      });
      try {
        const items = texts.slice(0, n).map((content, i) => ({ content: `${content} (${i})` }));
        const samples: number[] = [];
        const started = performance.now();
        if (path === 'remember') {
          const writer = bench.app.get(MemoryWriteService);
          for (const item of items) {
            const t0 = performance.now();
            await writer.remember('bench', item);
            samples.push(performance.now() - t0);
          }
        } else {
          const importer = bench.app.get(MemoryImportService);
          for (let i = 0; i < items.length; i += 500) {
            const t0 = performance.now();
            // trusted, as an operator's migration: conversation turns include questions the firewall keeps out
            await importer.importMany('bench', items.slice(i, i + 500), undefined, { trusted: true });
            samples.push(performance.now() - t0);
          }
        }
        const seconds = (performance.now() - started) / 1000;
        const s = summarize(samples);
        rows.push({
          path,
          embeddings,
          memories: n,
          perSecond: round(n / seconds, 0),
          medianMs: round(s.median),
          p95Ms: round(s.p95),
        });
        process.stderr.write(`${path} ${embeddings}: ${round(n / seconds, 0)}/s\n`);
      } finally {
        await bench.close();
      }
    }
  }
  report(
    'ingest',
    rows,
    rows.map((r) => ({
      path: r.path,
      embeddings: r.embeddings,
      memories: r.memories,
      'memories/s': r.perSecond,
      'median ms per call': r.medianMs,
      'p95 ms per call': r.p95Ms,
    })),
  );
}
