import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';

import { compactAllButLive, cycle, prefill } from 'bench/conversations.bench';
import { startBenchApp } from 'bench/support/bench-app';
import { withCpuProfile } from 'bench/support/cpu-profile';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { embedQuery } from 'src/embedding/embed-safely';
import { MessageVectors } from 'src/extraction/message-vectors.service';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { SqliteConversationStore } from 'src/store/sqlite/sqlite-conversation.store';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';

const TENANT = 'bench';
const KEY = 'bench-key-00000001';
const CHANNEL = 'main';
const SIZE = 10_000;
const IMPORT_CHUNK = 5000;
const WARMUP = 10;
/** Turns embedded with the local model for the prefill, cycled to SIZE. */
const DISTINCT = 300;

const APPEND =
  'mutation($input: MessageInput!) { appendMessage(input: $input) { message { id } extracted { outcome } compactionQueued } }';
const CONTEXT = 'query($input: ContextInput!) { context(input: $input) { tokenCount text } }';
const REMEMBER = 'mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }';
const RECALL =
  'query($q: String!) { recall(input: { query: $q, limit: 10 }) { tookMs hits { score memory { id content } } } }';

function row(call: string, s: Summary): Record<string, string | number> {
  return {
    'agent call (over HTTP, local model)': call,
    n: s.n,
    'median ms': round(s.median),
    'p95 ms': round(s.p95),
    'p99 ms': round(s.p99),
  };
}

/**
 * `npm run bench -- agent-turn [calls]`: what an agent waits for, one row per call over HTTP (GraphQL) with the
 * local model, at 10k memories and 10k messages: appendMessage (same-turn extraction; the vector follows), context
 * and recall INCLUDING the local query embedding (distinct LoCoMo questions, so no query-cache hits), remember (LoCoMo
 * turns, each new), and the query embedding alone. Calls run one after another, as one agent's turn does, once the
 * vector indexes of the prefill are built.
 */
export async function runAgentTurn(calls = 200): Promise<void> {
  const conversations = loadLocomo();
  const turns = conversations.flatMap((c) => c.turns);
  const questions = conversations.flatMap((c) => c.questions.filter(isScorable).map((q) => q.question));
  const bench = await startBenchApp({
    EMBEDDINGS: 'local',
    ENGRAM_API_KEYS: `${TENANT}:${KEY}`,
    RATE_LIMIT_PER_MINUTE: '0',
  });
  try {
    const store = bench.app.get<ConversationStore>(CONVERSATION_STORE);
    // real model vectors for DISTINCT turns, cycled to 10k (the exact vector scan costs the same whatever they hold)
    const distinct = turns.slice(0, DISTINCT);
    const distinctVectors = await bench.app.get<Embedder>(EMBEDDER).embed(distinct.map(turnContent), { lane: 'bulk' });
    const vectorIndex = new Map(distinct.map((turn, i) => [turn, i]));
    const vectorOf = (turn: (typeof turns)[number]): Float32Array | null =>
      distinctVectors[vectorIndex.get(turn) ?? -1] ?? null;
    process.stderr.write(`embedded ${DISTINCT} distinct turns\n`);
    const ids = await prefill(store, TENANT, CHANNEL, cycle(distinct, SIZE), vectorOf, Date.UTC(2024, 0, 1));
    await compactAllButLive(store, TENANT, CHANNEL, ids);
    const items = cycle(distinct, SIZE).map((turn, i) => ({ content: `${turnContent(turn)} (${i})` }));
    const vectors = cycle(distinct, SIZE).map(
      (turn) => vectorOf(turn) ?? new Float32Array(bench.app.get<Embedder>(EMBEDDER).dimensions),
    );
    for (let i = 0; i < SIZE; i += IMPORT_CHUNK) {
      await bench.app
        .get(MemoryImportService)
        .importMany(TENANT, items.slice(i, i + IMPORT_CHUNK), vectors.slice(i, i + IMPORT_CHUNK), { trusted: true });
    }
    // a server builds its vector indexes once after boot or an import: measured turns must not share the machine
    // with those builds (they ran during the appendMessage and context samples before)
    const memoryStore = bench.app.get<MemoryStore>(MEMORY_STORE);
    if (store instanceof SqliteConversationStore && memoryStore instanceof SqliteMemoryStore) {
      await store.warmVectorIndex(TENANT);
      await memoryStore.warmVectorIndex(TENANT);
    }
    process.stderr.write(`prefilled ${SIZE} messages and ${SIZE} memories, vector indexes built\n`);

    const gql = async (query: string, variables: Record<string, unknown>): Promise<void> => {
      const response = await fetch(bench.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { errors?: { message: string }[] };
      if (body.errors) {
        throw new Error(`GraphQL error: ${body.errors[0]?.message}`);
      }
    };
    // each measure gets its own questions: a question asked twice would be a query-cache hit
    let next = 0;
    const ask = (): string => questions[next++ % questions.length] ?? '';
    const time = async (fn: (i: number) => Promise<unknown>): Promise<Summary> => {
      const samples: number[] = [];
      for (let i = 0; i < calls + WARMUP; i++) {
        const started = performance.now();
        await fn(i);
        if (i >= WARMUP) {
          samples.push(performance.now() - started);
        }
      }

      return summarize(samples);
    };

    // AGENT_TURN_ONLY=<measure> times that call alone (appendMessage, context, recall, remember, queryEmbedding);
    // AGENT_TURN_PROFILE=<file> profiles its calls (context's when no call is named)
    const only = process.env['AGENT_TURN_ONLY'];
    const profiled = only ?? 'context';
    const skipped = summarize([]);
    const measure = (name: string, fn: (i: number) => Promise<unknown>): Promise<Summary> =>
      only !== undefined && only !== name
        ? Promise.resolve(skipped)
        : withCpuProfile(name === profiled ? process.env['AGENT_TURN_PROFILE'] : undefined, () => time(fn));
    const append = await measure('appendMessage', (i) => {
      const turn = turns[(i * 13) % turns.length]!;

      return gql(APPEND, {
        input: {
          channelId: CHANNEL,
          role: i % 2 === 0 ? 'USER' : 'ASSISTANT',
          content: turn.text,
          speaker: turn.speaker,
        },
      });
    });
    await bench.app.get(MessageVectors).settled();
    const context = await measure('context', () =>
      gql(CONTEXT, { input: { channelId: CHANNEL, query: ask(), tokenBudget: 8000 } }),
    );
    const recall = await measure('recall', () => gql(RECALL, { q: ask() }));
    // what a user states, as an agent's remember call carries it: a turn not asked before (no exact-duplicate shortcut)
    const remember = await measure('remember', (i) => {
      const turn = turns[(i * 7 + 3) % turns.length]!;

      return gql(REMEMBER, { input: { content: `${turn.text} (${i})` } });
    });
    const embedder = bench.app.get<Embedder>(EMBEDDER);
    const logger = new Logger('agent-turn-bench');
    const embedding = await measure('queryEmbedding', () => embedQuery(embedder, ask(), 5000, logger));

    const rows = [
      row(`appendMessage at ${SIZE / 1000}k messages (same-turn extraction; vector follows)`, append),
      row(`context at ${SIZE / 1000}k memories + ${SIZE / 1000}k messages, incl. query embedding`, context),
      row(`recall at ${SIZE / 1000}k memories, incl. query embedding`, recall),
      row(`remember at ${SIZE / 1000}k memories (write path, embedding, entity linking)`, remember),
      row('query embedding alone (local model, in process)', embedding),
    ];
    report(
      'agent-turn',
      { size: SIZE, calls, appendMessage: append, context, recall, remember, queryEmbedding: embedding },
      rows,
    );
  } catch (error) {
    // closing the app may fail in turn and would hide what went wrong
    process.stderr.write(`agent-turn failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    throw error;
  } finally {
    await bench.close();
  }
}
