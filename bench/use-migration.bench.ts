import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

import { compactAllButLive, cycle, prefill } from 'bench/conversations.bench';
import { startBenchApp } from 'bench/support/bench-app';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import { VectorCache } from 'bench/support/vector-cache';
import { DEFAULT_LOCAL_MODEL, USE_LOCAL_MODEL } from 'src/config/config';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { ReembedService } from 'src/embedding/migration/reembed.service';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { RecallService } from 'src/recall/recall.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

const TENANT = 'bench';
const DAY_MS = 86_400_000;

/**
 * `npm run bench -- use-migration [memories] [messages]` (default 10000 10000): a store written with the Universal
 * Sentence Encoder (LoCoMo turns as memories and as messages, USE vectors) opened with the new default model. The
 * app re-embeds it in the background (in process, no Redis) while `recall` is asked LoCoMo's questions without a
 * pause, each question also as `searchMessages` over the messages; measures how long the migration takes and whether
 * any recall or search failed or came back empty on the way.
 */
export async function runUseMigrationBench(memories = 10_000, messages = 10_000): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-use-migration-'));
  const conversations = loadLocomo();
  const questions = conversations.flatMap((c) => c.questions.filter(isScorable).map((q) => q.question));
  const use = new VectorCache(resolve(__dirname, '.cache', 'embedders', `${USE_LOCAL_MODEL}-passage`), 512);
  const embedder = new LocalEmbedder({ batchSize: 32 });
  // the held-out conversations' turns, whose USE vectors `npm run bench -- embedders` keeps
  const distinct = conversations
    .slice(5)
    .flatMap((c) => c.turns)
    .slice(0, Math.min(1500, Math.max(memories, messages)));
  await use.ensure(
    distinct.map(turnContent),
    (batch) => embedder.embed(batch),
    64,
    (msg) => process.stderr.write(`USE vectors: ${msg}\n`),
  );
  await embedder.close();
  const env = { ENGRAM_MODELS_DIR: process.env['ENGRAM_MODELS_DIR'] ?? resolve(__dirname, '..', 'data', 'models') };
  try {
    const before = await startBenchApp({ ...env, EMBEDDINGS: 'local', LOCAL_EMBEDDING_MODEL: USE_LOCAL_MODEL }, dir);
    try {
      const source = cycle(distinct, Math.max(memories, messages));
      const items = source.slice(0, memories).map((turn, i) => ({ content: `${turnContent(turn)} (${i})` }));
      const vectors = source.slice(0, memories).map((turn) => use.get(turnContent(turn)) ?? new Float32Array(512));
      for (let i = 0; i < items.length; i += 5000) {
        await before.app
          .get(MemoryImportService)
          .importMany(TENANT, items.slice(i, i + 5000), vectors.slice(i, i + 5000), { trusted: true });
      }
      const store = before.app.get<ConversationStore>(CONVERSATION_STORE);
      const ids = await prefill(
        store,
        TENANT,
        'main',
        source.slice(0, messages),
        (turn) => use.get(turnContent(turn)) ?? null,
        Date.UTC(2024, 0, 1),
      );
      await compactAllButLive(store, TENANT, 'main', ids);
      process.stderr.write(`USE store: ${memories} memories, ${messages} messages\n`);
    } finally {
      await before.close();
    }

    const started = performance.now();
    const after = await startBenchApp(
      { ...env, EMBEDDINGS: 'local', LOCAL_EMBEDDING_MODEL: DEFAULT_LOCAL_MODEL, CORTEX_SWEEP_MS: String(DAY_MS) },
      dir,
    );
    try {
      const bootMs = performance.now() - started;
      const reembed = after.app.get(ReembedService);
      const recall = after.app.get(RecallService);
      const model = after.app.get<Embedder>(EMBEDDER).model;
      const search = after.app.get(MessageSearchService);
      const asks = {
        recall: { failed: 0, empty: 0, ms: [] as number[] },
        searchMessages: { failed: 0, empty: 0, ms: [] as number[] },
      };
      const ask = async (what: keyof typeof asks, run: () => Promise<number>): Promise<void> => {
        const t0 = performance.now();
        try {
          asks[what].empty += (await run()) === 0 ? 1 : 0;
        } catch (error) {
          asks[what].failed++;
          process.stderr.write(`${what} failed: ${error instanceof Error ? error.message : String(error)}\n`);
        }
        asks[what].ms.push(performance.now() - t0);
      };
      let asked = 0;
      let lastLog = performance.now();
      for (;;) {
        const status = await reembed.status();
        if (status === null) {
          break;
        }
        const question = questions[asked++ % questions.length] ?? '';
        await ask('recall', async () => (await recall.recall(TENANT, { query: question, limit: 10 })).hits.length);
        await ask(
          'searchMessages',
          async () => (await search.search(TENANT, { query: question, channelId: 'main', limit: 10 })).length,
        );
        if (performance.now() - lastLog > 15_000) {
          lastLog = performance.now();
          process.stderr.write(
            `migrating: memories ${status.memories.done}/${status.memories.total}, messages ${status.messages.done}/${status.messages.total}, ${asked} questions\n`,
          );
        }
      }
      const migrationSeconds = (performance.now() - started) / 1000;
      const afterSwitch = await recall.recall(TENANT, { query: questions[0] ?? '', limit: 10 });
      const recalled = summarize(asks.recall.ms);
      const searched = summarize(asks.searchMessages.ms);
      const row = {
        memories,
        messages,
        from: USE_LOCAL_MODEL,
        to: model,
        'boot ms': round(bootMs, 0),
        'migration s': round(migrationSeconds, 1),
        'texts/s': round((memories + messages) / migrationSeconds, 1),
        'questions during': asked,
        'recall failed': asks.recall.failed,
        'recall empty': asks.recall.empty,
        'recall p50 ms': round(recalled.median, 1),
        'recall p95 ms': round(recalled.p95, 1),
        'search failed': asks.searchMessages.failed,
        'search empty': asks.searchMessages.empty,
        'search p50 ms': round(searched.median, 1),
        'search p95 ms': round(searched.p95, 1),
        'hits after switch': afterSwitch.hits.length,
      };
      report('use-migration', row, [row]);
    } finally {
      await after.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
