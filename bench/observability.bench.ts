import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { node, tracing } from '@opentelemetry/sdk-node';
import Database from 'better-sqlite3';

import { startBenchApp } from 'bench/support/bench-app';
import type { BenchApp } from 'bench/support/bench-app';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import { enableTracing } from 'src/common/tracing';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { readBacklog } from 'src/observability/backlog';
import { collectStatus } from 'src/observability/status.command';
import { RecallService } from 'src/recall/recall.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { EMBEDDING_MIGRATION_STORE } from 'src/store/embedding-migration.port';
import type { EmbeddingMigrationStore } from 'src/store/embedding-migration.port';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore } from 'src/store/entity-store.port';
import { seriesValue } from 'test/support/prometheus-text';

const TENANT = 'bench';
const KEY = 'bench-key-0001';
const ENV = { ENGRAM_API_KEYS: `${TENANT}:${KEY}` };

function metricsUrl(app: BenchApp): string {
  return app.url.replace(/\/graphql$/, '/metrics');
}

/**
 * `scrape [memories]`: /metrics scrape time with that many memories and as many messages in the store (rows written
 * straight into SQLite: the scrape reads none of their search rows), 50 owed message vectors among them.
 */
async function scrape(size: number, scrapes = 200): Promise<void> {
  // no periodic job at 1M memories during the run: the scrape is timed, not the cortex's sweeps beside it
  const env = {
    ...ENV,
    EMBEDDINGS: 'hash',
    CORTEX_SWEEP_MS: '3600000',
    MAINTENANCE_INTERVAL_MS: '3600000',
    OWED_WORK_SWEEP_MS: '3600000',
  };
  const first = await startBenchApp(env, join(tmpdir(), `engram-scrape-${size}`));
  const file = first.config.store.kind === 'sqlite' ? first.config.store.file : '';
  await first.close();
  const db = new Database(file);
  const have = (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
  const started = performance.now();
  if (have < size) {
    db.exec(`INSERT OR IGNORE INTO channels (tenant_id, id, created_at, updated_at) VALUES ('${TENANT}', 'c', 0, 0)`);
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO memories (id, tenant_id, type, content, status, scope, importance, base_importance, confidence,
         fingerprint, live_fingerprint, source_role, created_at, updated_at, last_seen_at, occurred_at, embedding_model)
       SELECT 'm' || i, '${TENANT}', 'FACT', 'memory ' || i, 'ACTIVE', 'GLOBAL', 0.5, 0.5, 0.8, 'f' || i, 'f' || i,
         'USER', i, i, i, i, 'hash-512' FROM n`,
    ).run(have, size - 1);
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO messages (id, tenant_id, channel_id, seq, role, trust, content, token_count, created_at,
         extracted_at, summary_id, embedding_model, stored_at)
       SELECT 'msg' || i, '${TENANT}', 'c', i, 'USER', 'GUARDIAN', 'message ' || i, 3, i, i, 's',
         'hash-v1-256', i FROM n`,
    ).run(have, size - 1);
  }
  // 50 owed message vectors (a run before embedded them)
  db.prepare('UPDATE messages SET embedding_model = NULL WHERE rowid % ? = 0').run(Math.max(1, Math.floor(size / 50)));
  db.close();
  const loadSeconds = (performance.now() - started) / 1000;

  const bench = await startBenchApp(env, join(tmpdir(), `engram-scrape-${size}`));
  try {
    // the backlog read alone (synchronous SQLite under the promise), as each refresh does it
    const stores = {
      conversations: bench.app.get<ConversationStore>(CONVERSATION_STORE),
      embeddingMigration: bench.app.get<EmbeddingMigrationStore>(EMBEDDING_MIGRATION_STORE),
      entities: bench.app.get<EntityStore>(ENTITY_STORE),
    };
    const reads: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await readBacklog(stores, null, { defaultBudget: bench.config.conversations.tokenBudget, share: 0.8 });
      reads.push(performance.now() - t0);
    }
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < scrapes; i++) {
      const t0 = performance.now();
      text = await (await fetch(metricsUrl(bench))).text();
      times.push(performance.now() - t0);
      // Prometheus scrapes every 15 s or so: half the scrapes come after the snapshot went stale
      if (i % 2 === 1) {
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
    }
    const s = summarize(times.slice(1));
    const owed = seriesValue(text, 'engram_backlog_items{kind="message_vectors"}');
    const read = summarize(reads);
    report('observability-scrape', { size, loadSeconds, owed, scrape: s, first: times[0], backlogRead: read }, [
      {
        memories: size,
        messages: size,
        'owed vectors': owed ?? '-',
        'backlog read median ms': round(read.median),
        'backlog read max ms': round(read.max),
        'first ms': round(times[0] ?? NaN),
        'median ms': round(s.median),
        'p95 ms': round(s.p95),
        'max ms': round(s.max),
      },
    ]);
  } finally {
    await bench.close();
  }
}

/**
 * `tracing [memories] [rounds] [queries]`: recall p95 with tracing off (ports as they are) and on (every store call
 * and stage in a span, batched to an in-memory exporter), alternating round by round in one process.
 */
async function tracingAb(size: number, rounds: number, queries: number): Promise<void> {
  const turns = loadLocomo().flatMap((c) => c.turns);
  const questions = loadLocomo()
    .flatMap((c) => c.questions.map((q) => q.question))
    .slice(0, queries);
  const exporter = new tracing.InMemorySpanExporter();
  const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.BatchSpanProcessor(exporter)] });
  provider.register();
  // off: booted without tracing, so its stores are not wrapped; on: booted with it
  enableTracing(false);
  const off = await startBenchApp({ ...ENV, EMBEDDINGS: 'hash', EMBEDDING_DIMENSIONS: '512' });
  enableTracing(true);
  const on = await startBenchApp({ ...ENV, EMBEDDINGS: 'hash', EMBEDDING_DIMENSIONS: '512' });
  try {
    for (const app of [off, on]) {
      const embedder = app.app.get<Embedder>(EMBEDDER);
      const items = Array.from({ length: size }, (_, i) => ({
        content: `${turnContent(turns[i % turns.length]!)} [${i}]`,
        type: null,
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      }));
      for (let i = 0; i < items.length; i += 5000) {
        const chunk = items.slice(i, i + 5000);
        await app.app
          .get(MemoryImportService)
          .importMany(TENANT, chunk, await embedder.embed(chunk.map((c) => c.content)), { trusted: true });
      }
    }
    const samples: Record<'off' | 'on', number[]> = { off: [], on: [] };
    const run = async (mode: 'off' | 'on'): Promise<void> => {
      enableTracing(mode === 'on');
      const recall = (mode === 'on' ? on : off).app.get(RecallService);
      for (const query of questions) {
        const t0 = performance.now();
        await recall.recall(TENANT, { query, limit: 10 });
        samples[mode].push(performance.now() - t0);
      }
      exporter.reset();
    };
    await run('off');
    await run('on');
    samples.off = [];
    samples.on = [];
    for (let r = 0; r < rounds; r++) {
      for (const mode of r % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        await run(mode);
      }
    }
    const rows = (['off', 'on'] as const).map((mode) => {
      const s = summarize(samples[mode]);

      return {
        tracing: mode,
        memories: size,
        n: s.n,
        'median ms': round(s.median),
        'p95 ms': round(s.p95),
        'p99 ms': round(s.p99),
      };
    });
    report('observability-tracing', { size, rounds, queries, rows }, rows);
  } finally {
    enableTracing(false);
    await off.close();
    await on.close();
    await provider.shutdown();
  }
}

/**
 * `backlog [turns]`: LoCoMo turns appended as fast as the API takes them (8 at a time) with the local model; the
 * message-vector gauge and its oldest age sampled every second until it is back to 0, `status` beside it.
 */
async function backlog(turnCount: number): Promise<void> {
  const turns = loadLocomo()
    .flatMap((c) => c.turns.map((turn) => ({ turn, channel: `locomo-${c.id}-${turn.session}` })))
    .slice(0, turnCount);
  const bench = await startBenchApp({ ...ENV, EMBEDDINGS: 'local' });
  try {
    while ((await fetch(bench.url.replace(/\/graphql$/, '/readyz'))).status !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const t0 = performance.now();
    const series: { s: number; items: number; ageSeconds: number; status?: number }[] = [];
    let appendedAt = NaN;
    let appending = true;
    const sampler = (async () => {
      for (let tick = 0; ; tick++) {
        const text = await (await fetch(metricsUrl(bench))).text();
        const items = seriesValue(text, 'engram_backlog_items{kind="message_vectors"}') ?? NaN;
        const ageSeconds = seriesValue(text, 'engram_backlog_oldest_age_seconds{kind="message_vectors"}') ?? NaN;
        const point: (typeof series)[number] = { s: round((performance.now() - t0) / 1000, 1), items, ageSeconds };
        if (tick % 5 === 0) {
          point.status = (await collectStatus(bench.config)).backlog.message_vectors.items;
        }
        series.push(point);
        if (!appending && items === 0) {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < turns.length; i = next++) {
        const { turn, channel } = turns[i]!;
        const res = await fetch(bench.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
          body: JSON.stringify({
            query: 'mutation($input: MessageInput!) { appendMessage(input: $input) { message { id } } }',
            variables: { input: { channelId: channel, role: 'USER', speaker: turn.speaker, content: turn.text } },
          }),
        });
        await res.text();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    appendedAt = (performance.now() - t0) / 1000;
    appending = false;
    await sampler;
    const drainedAt = series.at(-1)?.s ?? NaN;
    report(
      'observability-backlog',
      { turns: turns.length, appendedSeconds: round(appendedAt, 1), drainedSeconds: drainedAt, series },
      series.map((p) => ({ s: p.s, items: p.items, 'oldest age s': round(p.ageSeconds, 1), status: p.status ?? '' })),
    );
  } finally {
    await bench.close();
  }
}

export async function runObservabilityBench(args: string[]): Promise<void> {
  const [part = 'scrape', ...rest] = args;
  const n = rest.map(Number);
  if (part === 'scrape') {
    await scrape(n[0] ?? 1_000_000);
  } else if (part === 'tracing') {
    await tracingAb(n[0] ?? 10_000, n[1] ?? 6, n[2] ?? 200);
  } else if (part === 'backlog') {
    await backlog(n[0] ?? 5000);
  } else {
    throw new Error(`observability bench: scrape [memories] | tracing [memories] [rounds] [queries] | backlog [turns]`);
  }
}
