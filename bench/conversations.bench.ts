import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { UseCache } from 'bench/research/use-cache';
import { startBenchApp } from 'bench/support/bench-app';
import type { BenchApp } from 'bench/support/bench-app';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import type { LocomoConversation, LocomoTurn } from 'bench/support/locomo-dataset';
import { appendTurn, turnTime } from 'bench/support/locomo-messages';
import { EvidenceScoreboard } from 'bench/support/locomo-scoring';
import { markdownTable, report, round, summarize } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';
import { countTokens } from 'src/common/tokens';
import { USE_LOCAL_MODEL } from 'src/config/config';
import { ContextService } from 'src/conversation/context.service';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { vectorQueryText } from 'src/recall/query-signals';
import { searchableQuery } from 'src/recall/query-text';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

const TENANT = 'bench';
const CHANNEL = 'main';
const ARCHIVE = 'archive';
const HISTORY = 10_000;
/** Of the 10k messages, this many sit in a second channel, so context's search of other conversations has work. */
const ARCHIVED = 2_000;
const MEMORIES = 10_000;
/** Live (uncompacted) messages left in the channel after the prefill; the rest is summarised, as in steady use. */
const LIVE = 100;
const WARMUP = 10;
const IMPORT_CHUNK = 5000;

type Variant = 'bm25' | 'vector' | 'searchMessages';
const VARIANTS: readonly Variant[] = ['bm25', 'vector', 'searchMessages'];

/** Appends through the store with precomputed vectors (the prefill is not what is measured). */
export async function prefill(
  store: ConversationStore,
  tenantId: string,
  channelId: string,
  turns: readonly LocomoTurn[],
  vectorOf: (turn: LocomoTurn) => Float32Array | null,
  start: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, turn] of turns.entries()) {
    const appended = await store.appendMessage({
      message: {
        id: randomUUID(),
        tenantId,
        channelId,
        role: i % 2 === 0 ? MessageRole.USER : MessageRole.ASSISTANT,
        speaker: turn.speaker,
        trust: Trust.GUARDIAN,
        content: turn.text,
        tokenCount: countTokens(turn.text),
        createdAt: new Date(start + i * 60_000),
        extractedAt: new Date(),
      },
      vector: vectorOf(turn),
      projectId: null,
    });
    ids.push(appended.message.id);
  }

  return ids;
}

/**
 * Settings of an app whose channels are prefilled through the store: the owed-work sweep would find the prefilled
 * channel over its budget and compact it before `compactAllButLive` does (on Neo4j the prefill outlasts its minute).
 */
export const PREFILL_APP_ENV = { OWED_WORK_SWEEP_MS: String(86_400_000) } as const;

/** Marks all but the last `live` messages compacted, in one summary. */
export async function compactAllButLive(
  store: ConversationStore,
  tenantId: string,
  channelId: string,
  ids: string[],
  live = LIVE,
): Promise<void> {
  const saved = await store.insertSummary({
    summary: {
      id: randomUUID(),
      tenantId,
      channelId,
      content: 'Earlier in this conversation:\n- (benchmark history)',
      tokenCount: 10,
      previousId: null,
      messageCount: ids.length - live,
      fromAt: new Date(0),
      toAt: new Date(0),
      createdAt: new Date(),
    },
    messageIds: ids.slice(0, ids.length - live),
  });
  if (!saved) {
    throw new Error('prefill compaction failed');
  }
}

export function cycle<T>(items: readonly T[], n: number): T[] {
  return Array.from({ length: n }, (_, i) => items[i % items.length]!);
}

async function timeAppends(service: ConversationService, turns: readonly LocomoTurn[], n: number): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < n + WARMUP; i++) {
    const turn = turns[i % turns.length]!;
    const started = performance.now();
    await service.append(TENANT, {
      channelId: CHANNEL,
      role: MessageRole.USER,
      content: turn.text,
      speaker: turn.speaker,
    });
    if (i >= WARMUP) {
      samples.push(performance.now() - started);
    }
  }

  return summarize(samples);
}

function latencyRow(what: string, embeddings: string, s: Summary): Record<string, string | number> {
  return {
    measure: what,
    embeddings,
    n: s.n,
    'median ms': round(s.median),
    'p95 ms': round(s.p95),
    'p99 ms': round(s.p99),
  };
}

/** LoCoMo turns appended as messages (one channel per conversation), asked with searchMessages, BM25 and vectors. */
async function locomoSearch(
  bench: BenchApp,
  conversations: readonly LocomoConversation[],
  cache: UseCache,
): Promise<Record<string, string | number>[]> {
  const store = bench.app.get<ConversationStore>(CONVERSATION_STORE);
  const search = bench.app.get(MessageSearchService);
  const board = new EvidenceScoreboard(VARIANTS);
  const searchMs: number[] = [];
  for (const conv of conversations) {
    const tenantId = `locomo-${conv.id}`;
    const channelId = 'conversation';
    const turnOf = new Map<string, string>();
    for (const turn of conv.turns) {
      // the vector the service makes: "speaker: content"
      turnOf.set(await appendTurn(store, tenantId, channelId, turn, cache.get(turnContent(turn)) ?? null), turn.id);
    }
    for (const q of conv.questions.filter(isScorable)) {
      const vector = cache.get(q.question) ?? null;
      const scope = { channelId };
      const started = performance.now();
      // the vector searchMessages embeds: the question without names
      const hits = await search.searchWithVector(
        tenantId,
        { query: q.question, limit: 10, scope },
        cache.get(vectorQueryText(q.question)) ?? null,
      );
      searchMs.push(performance.now() - started);
      const ranked: Record<Variant, string[]> = {
        searchMessages: hits.map((h) => h.message.id),
        bm25: (await store.searchMessageText(tenantId, searchableQuery(q.question), 10, scope)).map((h) => h.id),
        vector: vector ? (await store.searchMessageVectors(tenantId, vector, 10, scope)).map((h) => h.id) : [],
      };
      for (const variant of VARIANTS) {
        board.add(
          variant,
          q,
          ranked[variant].map((id) => turnOf.get(id) ?? ''),
        );
      }
    }
    process.stderr.write(`locomo conversation ${conv.id}: ${conv.turns.length} messages\n`);
  }
  const ms = summarize(searchMs);

  return board
    .rows()
    .map((row) =>
      row['variant'] === 'searchMessages' && row['category'] === 'all'
        ? { ...row, 'median ms': round(ms.median), 'p95 ms': round(ms.p95) }
        : row,
    );
}

/**
 * `npm run bench -- conversations [localAppends] [hashAppends] [contextQueries]`: appendMessage latency at 10k
 * messages in the channel (hash and local embeddings), context latency with 10k memories and 10k messages (query
 * vector given), and LoCoMo evidence recall of searchMessages against BM25 only and vectors only, in one run.
 */
export async function runConversations(localAppends = 60, hashAppends = 300, contextQueries = 200): Promise<void> {
  const started = performance.now();
  const conversations = loadLocomo();
  const turns = conversations.flatMap((c) => c.turns);
  const questions = conversations.flatMap((c) => c.questions.filter(isScorable));
  const cache = new UseCache();
  await cache.ensure(
    [
      ...turns.map(turnContent),
      ...questions.map((q) => q.question),
      ...questions.map((q) => vectorQueryText(q.question)),
    ],
    16,
    (msg) => process.stderr.write(`${msg}\n`),
  );
  const latency: Record<string, string | number>[] = [];

  const local = await startBenchApp({
    EMBEDDINGS: 'local',
    LOCAL_EMBEDDING_MODEL: USE_LOCAL_MODEL,
    ...PREFILL_APP_ENV,
  });
  let quality: Record<string, string | number>[];
  try {
    quality = await locomoSearch(local, conversations, cache);
    process.stderr.write(`${markdownTable(quality.filter((row) => row['category'] === 'all'))}\n`);
    const store = local.app.get<ConversationStore>(CONVERSATION_STORE);
    const history = cycle(turns, HISTORY);
    const t0 = Date.UTC(2024, 0, 1);
    const ids = await prefill(
      store,
      TENANT,
      CHANNEL,
      history.slice(ARCHIVED),
      (turn) => cache.get(turnContent(turn)) ?? null,
      t0,
    );
    await prefill(
      store,
      TENANT,
      ARCHIVE,
      history.slice(0, ARCHIVED),
      (turn) => cache.get(turnContent(turn)) ?? null,
      t0 - 86_400_000 * 30,
    );
    await compactAllButLive(store, TENANT, CHANNEL, ids);
    const items = cycle(turns, MEMORIES).map((turn, i) => ({
      content: `${turnContent(turn)} (${i})`,
      createdAt: turnTime(turn),
    }));
    const vectors = cycle(turns, MEMORIES).map((turn) => cache.get(turnContent(turn)) ?? new Float32Array(512));
    for (let i = 0; i < MEMORIES; i += IMPORT_CHUNK) {
      await local.app
        .get(MemoryImportService)
        .importMany(TENANT, items.slice(i, i + IMPORT_CHUNK), vectors.slice(i, i + IMPORT_CHUNK), { trusted: true });
    }
    process.stderr.write(`prefilled ${HISTORY} messages and ${MEMORIES} memories\n`);

    const contexts = local.app.get(ContextService);
    const samples: number[] = [];
    const tokens: number[] = [];
    for (const [i, q] of cycle(questions, contextQueries + WARMUP).entries()) {
      const s = performance.now();
      const context = await contexts.contextWithVector(
        TENANT,
        { channelId: CHANNEL, query: q.question, tokenBudget: 8000 },
        cache.get(q.question) ?? null,
      );
      if (i >= WARMUP) {
        samples.push(performance.now() - s);
        tokens.push(context.tokenCount);
      }
    }
    latency.push(
      latencyRow(
        `context, ${MEMORIES / 1000}k memories + ${HISTORY / 1000}k messages, query vector given`,
        'local (USE 512d)',
        summarize(samples),
      ),
    );
    const embedder = local.app.get<Embedder>(EMBEDDER);
    const embedMs: number[] = [];
    for (const q of questions.slice(0, 50)) {
      const s = performance.now();
      await embedder.embed([q.question]);
      embedMs.push(performance.now() - s);
    }
    latency.push(
      latencyRow('query embedding alone (local model, excluded above)', 'local (USE 512d)', summarize(embedMs)),
    );
    latency.push(
      latencyRow(
        `appendMessage at ${HISTORY / 1000}k messages (service, same-turn extraction)`,
        'local (USE 512d)',
        await timeAppends(local.app.get(ConversationService), turns, localAppends),
      ),
    );
    process.stderr.write(`context tokens: median ${summarize(tokens).median}\n`);
  } finally {
    await local.close();
  }

  const hash = await startBenchApp({ EMBEDDINGS: 'hash', ...PREFILL_APP_ENV });
  try {
    const store = hash.app.get<ConversationStore>(CONVERSATION_STORE);
    const embedder = hash.app.get<Embedder>(EMBEDDER);
    const history = cycle(turns, HISTORY);
    const vectors = await embedder.embed(history.map(turnContent));
    let n = 0;
    const ids = await prefill(store, TENANT, CHANNEL, history, () => vectors[n++] ?? null, Date.UTC(2024, 0, 1));
    await compactAllButLive(store, TENANT, CHANNEL, ids);
    latency.push(
      latencyRow(
        `appendMessage at ${HISTORY / 1000}k messages (service, same-turn extraction)`,
        'hash (256d)',
        await timeAppends(hash.app.get(ConversationService), turns, hashAppends),
      ),
    );
  } finally {
    await hash.close();
  }

  report(
    'conversations',
    { totalSeconds: round((performance.now() - started) / 1000, 1), latency, locomo: quality },
    latency,
  );
  process.stdout.write(`\n${markdownTable(quality)}\n`);
}
