import { performance } from 'node:perf_hooks';

import { compactAllButLive, cycle, prefill, PREFILL_APP_ENV } from 'bench/conversations.bench';
import { UseCache } from 'bench/research/use-cache';
import { startBenchApp } from 'bench/support/bench-app';
import { isScorable, loadLocomo, LOCOMO_CATEGORY_NAMES, turnContent } from 'bench/support/locomo-dataset';
import type { LocomoConversation, LocomoQuestion, LocomoTurn } from 'bench/support/locomo-dataset';
import { appendTurn, turnTime } from 'bench/support/locomo-messages';
import { loadObservations } from 'bench/support/locomo-observations';
import type { LocomoObservation } from 'bench/support/locomo-observations';
import { markdownTable, report, round, summarize } from 'bench/support/stats';
import { USE_LOCAL_MODEL } from 'src/config/config';
import { assembleContext } from 'src/conversation/context-budget';
import type { ContextMaterial } from 'src/conversation/context-budget';
import { CONTEXT_POLICY } from 'src/conversation/context-split';
import type { ContextPolicy } from 'src/conversation/context-split';
import { ContextService } from 'src/conversation/context.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { vectorQueryText } from 'src/recall/query-signals';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { SqliteConversationStore } from 'src/store/sqlite/sqlite-conversation.store';
import { openSqliteStores } from 'src/store/stores';

const BUDGETS = [1000, 2000, 4000, 8000] as const;
const CHANNEL = 'conversation';
const HALVES = { '1-5': [0, 5], '6-10': [5, 10] } as const;
type Half = keyof typeof HALVES;
const LATENCY_TENANT = 'latency';
const HISTORY = 10_000;
const ARCHIVED = 2_000;
const MEMORIES = 10_000;
const LIVE = 100;
const WARMUP = 10;
/** VECTOR_INDEX_MIN_ROWS no tenant reaches. */
const NO_INDEX = 1_000_000_000;

/** Whitespace as the context renders it (a message is one line). */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/gu, ' ').trim();
}

/**
 * `turns`: the conversation alone (the issue's measure). `turns+observations`: also LoCoMo's session observations
 * as memories (what an extractor would have written), so memories compete for the budget; one reaches the agent
 * when an observation citing an evidence turn is in the text.
 */
type Representation = 'turns' | 'turns+observations';
const REPRESENTATIONS: readonly Representation[] = ['turns', 'turns+observations'];

export interface Replayed {
  conversation: LocomoConversation;
  half: Half;
  representation: Representation;
  tenantId: string;
  observations: readonly LocomoObservation[];
}

/** Counts, per budget and question category, the questions with an evidence turn in the context's text. */
export class Reach {
  private readonly hits = new Map<string, { n: number; reached: number }>();

  add(budget: number, question: LocomoQuestion, reached: boolean): void {
    for (const key of [`${budget}|all`, `${budget}|${question.category}`]) {
      const t = this.hits.get(key) ?? { n: 0, reached: 0 };
      t.n++;
      t.reached += reached ? 1 : 0;
      this.hits.set(key, t);
    }
  }

  share(budget: number, category: string = 'all'): number {
    const t = this.hits.get(`${budget}|${category}`);

    return t && t.n > 0 ? t.reached / t.n : 0;
  }

  row(label: string, representation: Representation, half: string): Record<string, string | number> {
    const row: Record<string, string | number> = {
      variant: label,
      representation,
      conversations: half,
      questions: this.hits.get(`${BUDGETS[0]}|all`)?.n ?? 0,
    };
    for (const budget of BUDGETS) {
      row[`${budget / 1000}k`] = round(this.share(budget), 3);
    }

    return row;
  }

  categoryRows(label: string, representation: Representation, half: string): Record<string, string | number>[] {
    return ([1, 2, 3, 4] as const).map((c) => {
      const row: Record<string, string | number> = {
        variant: label,
        representation,
        conversations: half,
        category: `${c} ${LOCOMO_CATEGORY_NAMES[c]}`,
      };
      for (const budget of BUDGETS) {
        row[`${budget / 1000}k`] = round(this.share(budget, String(c)), 3);
      }

      return row;
    });
  }
}

/** Whether an evidence turn of the question is in the text, as its speaker's line or as an observation citing it. */
export function reached(replayed: Replayed, question: LocomoQuestion, text: string): boolean {
  return question.evidence.some((id) => {
    const turn = replayed.conversation.turnsById.get(id);

    return (
      (turn !== undefined && text.includes(`${turn.speaker} (user): ${oneLine(turn.text)}`)) ||
      replayed.observations.some((o) => o.turnIds.includes(id) && text.includes(`- ${o.content}\n`))
    );
  });
}

/**
 * Each conversation's turns appended to one channel of its own tenant, with speaker, date and the service's vector;
 * for `turns+observations` in a second tenant, with the observations imported as memories too.
 */
async function replay(
  store: ConversationStore,
  imports: MemoryImportService,
  conversations: readonly LocomoConversation[],
  cache: UseCache,
): Promise<Replayed[]> {
  const out: Replayed[] = [];
  for (const [i, conversation] of conversations.entries()) {
    for (const representation of REPRESENTATIONS) {
      const tenantId = `locomo-context-${representation === 'turns' ? '' : 'obs-'}${conversation.id}`;
      for (const turn of conversation.turns) {
        await appendTurn(store, tenantId, CHANNEL, turn, cache.get(turnContent(turn)) ?? null);
      }
      const observations = representation === 'turns' ? [] : loadObservations(conversation);
      if (observations.length > 0) {
        const items = observations.map((o) => ({
          content: o.content,
          occurredAt: o.sessionDate,
          createdAt: o.sessionDate,
        }));
        await imports.importMany(
          tenantId,
          items,
          items.map((o) => cache.get(o.content) ?? new Float32Array(512)),
          { trusted: true },
        );
      }
      out.push({ conversation, half: i < 5 ? '1-5' : '6-10', representation, tenantId, observations });
    }
  }

  return out;
}

/** The service as deployed: `context` with the question as query, the query vector given. */
async function measureService(
  contexts: ContextService,
  replayed: readonly Replayed[],
  cache: UseCache,
): Promise<{ reach: Map<string, Reach>; ms: number[] }> {
  const reach = new Map<string, Reach>();
  const ms: number[] = [];
  for (const one of replayed) {
    const { conversation, half, representation, tenantId } = one;
    const board = reach.get(`${representation}|${half}`) ?? new Reach();
    reach.set(`${representation}|${half}`, board);
    for (const question of conversation.questions.filter(isScorable)) {
      const vector = cache.get(vectorQueryText(question.question)) ?? null;
      for (const budget of BUDGETS) {
        const started = performance.now();
        const context = await contexts.contextWithVector(
          tenantId,
          { channelId: CHANNEL, query: question.question, tokenBudget: budget },
          vector,
        );
        ms.push(performance.now() - started);
        board.add(budget, question, reached(one, question, context.text));
      }
    }
    process.stderr.write(`context over conversation ${conversation.id} (${representation}) done\n`);
  }

  return { reach, ms };
}

interface Asked {
  replayed: Replayed;
  question: LocomoQuestion;
  material: ContextMaterial;
}

/**
 * The grid the policy is tuned over, one coordinate at a time: the earlier turns' share, the memories' share (the
 * recent messages get what the others leave), then whether short turns bring their neighbours. Values are listed
 * from the one leaving most to the live conversation (and costing least); the first within TOLERANCE of the best
 * score wins, since the benchmark scores retrieval only and cannot see what the live exchange is worth.
 */
const TOLERANCE = 0.01;
const TURN_SHARES = [0.3, 0.45, 0.6, 0.75];
const MEMORY_SHARES = [0.05, 0.15, 0.3];
const NEIGHBOURS_BELOW = [0, 16];
/** Budgets the tuning scores (8k is left out to halve its time: most of what it could bring fits there anyway). */
const TUNED_BUDGETS = [1000, 2000, 4000] as const;

/** The policy with `section` taking `share` and the recent messages what the other shares leave. */
function withShare(policy: ContextPolicy, section: 'turns' | 'memories', share: number): ContextPolicy {
  const shares = { ...policy.shares, [section]: share };
  const others = shares.bulletin + shares.memories + shares.others + shares.summary + shares.turns;

  return { ...policy, shares: { ...shares, recent: Math.max(0, 1 - others) } };
}

/** The share of questions reached per budget, by the pure policy on the gathered material. */
function evaluate(asked: readonly Asked[], policy: ContextPolicy, budgets: readonly number[] = BUDGETS): Reach {
  const reach = new Reach();
  for (const { replayed, question, material } of asked) {
    for (const budget of budgets) {
      reach.add(budget, question, reached(replayed, question, assembleContext(material, budget, policy).text));
    }
  }

  return reach;
}

/** Mean share reached over the tuned budgets and both representations. */
function objective(asked: readonly Asked[], policy: ContextPolicy): number {
  const scores = REPRESENTATIONS.flatMap((representation) => {
    const reach = evaluate(
      asked.filter((a) => a.replayed.representation === representation),
      policy,
      TUNED_BUDGETS,
    );

    return TUNED_BUDGETS.map((budget) => reach.share(budget));
  });

  return scores.reduce((a, b) => a + b, 0) / scores.length;
}

/** Coordinate ascent over the grid on one half; returns the chosen policy and the steps. */
function tune(
  asked: readonly Asked[],
  half: Half,
): { policy: ContextPolicy; steps: Record<string, string | number>[] } {
  const mine = asked.filter((a) => a.replayed.half === half);
  const steps: Record<string, string | number>[] = [];
  let policy: ContextPolicy = { ...CONTEXT_POLICY, neighboursBelow: 0 };
  const pick = <T>(name: string, values: readonly T[], apply: (p: ContextPolicy, v: T) => ContextPolicy): void => {
    const scores = values.map((v) => objective(mine, apply(policy, v)));
    const best = scores.findIndex((score) => score >= Math.max(...scores) - TOLERANCE);
    policy = apply(policy, values[best]!);
    steps.push({
      'tuned on': half,
      parameter: name,
      'mean reach per value': values.map((v, i) => `${String(v)}: ${round(scores[i]!, 3)}`).join(', '),
      kept: String(values[best]),
    });
    process.stderr.write(`tune ${half} ${name}: ${scores.map((x) => round(x, 3)).join(', ')}\n`);
  };
  pick('turns share', TURN_SHARES, (p, v) => withShare(p, 'turns', v));
  pick('memories share', MEMORY_SHARES, (p, v) => withShare(p, 'memories', v));
  pick('neighboursBelow', NEIGHBOURS_BELOW, (p, v) => ({ ...p, neighboursBelow: v }));

  return { policy, steps };
}

async function gatherAll(contexts: ContextService, replayed: readonly Replayed[], cache: UseCache): Promise<Asked[]> {
  const asked: Asked[] = [];
  // neighbours fetched for every turn, so the tuning can try showing them
  const policy = { ...CONTEXT_POLICY, neighboursBelow: Number.MAX_SAFE_INTEGER };
  for (const one of replayed) {
    for (const question of one.conversation.questions.filter(isScorable)) {
      const vector = cache.get(vectorQueryText(question.question)) ?? null;
      const request = { channelId: CHANNEL, query: question.question, tokenBudget: Math.max(...BUDGETS) };
      asked.push({
        replayed: one,
        question,
        material: await contexts.materialWithVector(one.tenantId, request, vector, policy),
      });
    }
  }

  return asked;
}

/** `context` latency on a 10k-message tenant (8k in the channel, all but 100 compacted; 2k elsewhere) with 10k memories. */
async function latencyAt10k(
  dataDir: string,
  contexts: ContextService,
  store: ConversationStore,
  exact: ConversationStore | null,
  imports: MemoryImportService,
  search: MessageSearchService,
  turns: readonly LocomoTurn[],
  questions: readonly LocomoQuestion[],
  cache: UseCache,
  n: number,
): Promise<Record<string, string | number>[]> {
  const history = cycle(turns, HISTORY);
  const t0 = Date.UTC(2024, 0, 1);
  const ids = await prefill(
    store,
    LATENCY_TENANT,
    'main',
    history.slice(ARCHIVED),
    (turn) => cache.get(turnContent(turn)) ?? null,
    t0,
  );
  await prefill(
    store,
    LATENCY_TENANT,
    'archive',
    history.slice(0, ARCHIVED),
    (turn) => cache.get(turnContent(turn)) ?? null,
    t0 - 86_400_000 * 30,
  );
  await compactAllButLive(store, LATENCY_TENANT, 'main', ids, LIVE);
  const items = cycle(turns, MEMORIES).map((turn, i) => ({
    content: `${turnContent(turn)} (${i})`,
    createdAt: turnTime(turn),
  }));
  const vectors = cycle(turns, MEMORIES).map((turn) => cache.get(turnContent(turn)) ?? new Float32Array(512));
  for (let i = 0; i < MEMORIES; i += 5000) {
    await imports.importMany(LATENCY_TENANT, items.slice(i, i + 5000), vectors.slice(i, i + 5000), { trusted: true });
  }
  const rows: Record<string, string | number>[] = [];
  // the same data through a second app whose SQLite connection never builds a vector index (exact vec0 scans), each
  // question asked of both in turn, so the two are measured under the same load
  const scans =
    exact === null
      ? null
      : await startBenchApp(
          {
            EMBEDDINGS: 'local',
            // the vectors given are USE's
            LOCAL_EMBEDDING_MODEL: USE_LOCAL_MODEL,
            VECTOR_INDEX_MIN_ROWS: String(NO_INDEX),
            MESSAGE_VECTOR_INDEX_MIN_ROWS: String(NO_INDEX),
            // the first app's cortex keeps the shared bulletin; a second one would only add background work to both
            CORTEX_SWEEP_MS: String(86_400_000),
          },
          dataDir,
        );
  try {
    const variants = [
      { name: 'as served', contexts },
      ...(scans === null
        ? []
        : [{ name: 'exact vector scans (indexes off)', contexts: scans.app.get(ContextService) }]),
    ];
    for (const budget of [2000, 8000]) {
      const samples = variants.map(() => [] as number[]);
      for (const [i, q] of cycle(questions, n + WARMUP).entries()) {
        const order = variants.length === 1 ? [0] : i % 2 === 0 ? [0, 1] : [1, 0];
        for (const v of order) {
          const started = performance.now();
          await variants[v]!.contexts.contextWithVector(
            LATENCY_TENANT,
            { channelId: 'main', query: q.question, tokenBudget: budget },
            cache.get(vectorQueryText(q.question)) ?? null,
          );
          if (i >= WARMUP) {
            samples[v]!.push(performance.now() - started);
          }
        }
      }
      variants.forEach((variant, v) => {
        const s = summarize(samples[v]!);
        rows.push({
          measure: `context at ${budget / 1000}k tokens, 10k messages + 10k memories, query vector given: ${variant.name}`,
          n: s.n,
          'median ms': round(s.median),
          'p95 ms': round(s.p95),
          'p99 ms': round(s.p99),
        });
      });
    }
  } finally {
    await scans?.close();
  }
  // the part this issue added: the search of the channel's own turns (8k messages, 7.9k of them compacted)
  const searchMs: number[] = [];
  for (const [i, q] of cycle(questions, n + WARMUP).entries()) {
    const started = performance.now();
    await search.searchWithVector(
      LATENCY_TENANT,
      { query: q.question, limit: 40, scope: { channelId: 'main' } },
      cache.get(vectorQueryText(q.question)) ?? null,
    );
    if (i >= WARMUP) {
      searchMs.push(performance.now() - started);
    }
  }
  const s = summarize(searchMs);
  rows.push({
    measure: "of which: the search of the channel's own turns alone (8k messages)",
    n: s.n,
    'median ms': round(s.median),
    'p95 ms': round(s.p95),
    'p99 ms': round(s.p99),
  });
  if (exact !== null) {
    rows.push(...(await indexAgainstExact(store, exact, questions, cache, n)));
  }

  return rows;
}

/**
 * The message vector search as `context` runs it (the in-memory binary index once a tenant has
 * MESSAGE_VECTOR_INDEX_MIN_ROWS vectors) against the exact vec0 scan on a second connection, side by side: time
 * per search and the share of the exact top 40 the index returns, for the channel's own turns and the other channels.
 */
async function indexAgainstExact(
  store: ConversationStore,
  exact: ConversationStore,
  questions: readonly LocomoQuestion[],
  cache: UseCache,
  n: number,
): Promise<Record<string, string | number>[]> {
  // a large tenant's index is built in the background from its first search: the timed searches start after it
  if (store instanceof SqliteConversationStore) {
    await store.warmVectorIndex(LATENCY_TENANT);
  }
  const rows: Record<string, string | number>[] = [];
  const scopes = [
    { name: 'own channel (8k)', scope: { channelId: 'main' } },
    { name: 'other channels (2k)', scope: { excludeChannelId: 'main' } },
  ];
  for (const { name, scope } of scopes) {
    const times = { service: [] as number[], exact: [] as number[] };
    let found = 0;
    let wanted = 0;
    for (const [i, q] of cycle(questions, n + WARMUP).entries()) {
      const vector = cache.get(vectorQueryText(q.question));
      if (!vector) {
        continue;
      }
      const t0 = performance.now();
      const served = await store.searchMessageVectors(LATENCY_TENANT, vector, 40, scope);
      const t1 = performance.now();
      const truth = await exact.searchMessageVectors(LATENCY_TENANT, vector, 40, scope);
      const t2 = performance.now();
      if (i >= WARMUP) {
        times.service.push(t1 - t0);
        times.exact.push(t2 - t1);
        const ids = new Set(served.map((hit) => hit.id));
        found += truth.filter((hit) => ids.has(hit.id)).length;
        wanted += truth.length;
      }
    }
    for (const variant of ['service', 'exact'] as const) {
      const t = summarize(times[variant]);
      rows.push({
        measure: `message vectors, ${name}, k=40: ${variant === 'service' ? 'as served' : 'exact vec0 scan'}${
          variant === 'service' ? ` (recall@40 vs exact ${round(wanted > 0 ? found / wanted : 0, 3)})` : ''
        }`,
        n: t.n,
        'median ms': round(t.median),
        'p95 ms': round(t.p95),
        'p99 ms': round(t.p99),
      });
    }
  }

  return rows;
}

/**
 * `npm run bench -- context [latencyQueries] [tuneToo] [messageIndexRows] [latencyOnly]`: LoCoMo replayed as an agent uses `context` (each conversation's
 * turns appended to one channel with speaker and date, then `context` with the question as query) at 1k, 2k, 4k
 * and 8k tokens: the share of questions whose evidence turn is in the text handed to the agent, per half and per
 * category, and `context` latency there and at 10k messages. The policy is tuned on one half and scored on the
 * other (both ways) unless `tuneToo` is 0 (`npm run bench -- context 200 0`: the service's numbers only).
 * `messageIndexRows` sets MESSAGE_VECTOR_INDEX_MIN_ROWS (0: every LoCoMo channel searched through the binary index,
 * to compare its evidence numbers with a default run, where these small tenants keep the exact scan; NaN: the
 * default). `latencyOnly` 1: only the latency at 10k messages (`npm run bench -- context 200 0 NaN 1`).
 */
export async function runContextBench(
  latencyQueries = 200,
  tuneToo = 1,
  messageIndexRows = NaN,
  latencyOnly = 0,
): Promise<void> {
  const started = performance.now();
  const conversations = loadLocomo();
  const turns = conversations.flatMap((c) => c.turns);
  const questions = conversations.flatMap((c) => c.questions.filter(isScorable));
  const cache = new UseCache();
  const observed = conversations.flatMap((c) => loadObservations(c).map((o) => o.content));
  await cache.ensure(
    [...turns.map(turnContent), ...questions.map((q) => vectorQueryText(q.question)), ...observed],
    16,
    (msg) => process.stderr.write(`${msg}\n`),
  );

  const bench = await startBenchApp({
    EMBEDDINGS: 'local',
    // the vectors given are USE's
    LOCAL_EMBEDDING_MODEL: USE_LOCAL_MODEL,
    ...PREFILL_APP_ENV,
    ...(Number.isNaN(messageIndexRows) ? {} : { MESSAGE_VECTOR_INDEX_MIN_ROWS: String(messageIndexRows) }),
  });
  // on SQLite, a second connection that never builds an index: the exact scan the index is measured against (Neo4j's
  // vector indexes are always on: no such variant there)
  const exactStores =
    bench.config.store.kind === 'sqlite'
      ? openSqliteStores(bench.config.store.file, {
          vectorIndexMinRows: Number.MAX_SAFE_INTEGER,
          messageVectorIndexMinRows: Number.MAX_SAFE_INTEGER,
        })
      : null;
  const embedder = bench.app.get<Embedder>(EMBEDDER);
  await exactStores?.connection.init({ model: embedder.model, dimensions: embedder.dimensions });
  try {
    const store = bench.app.get<ConversationStore>(CONVERSATION_STORE);
    const contexts = bench.app.get(ContextService);
    const imports = bench.app.get(MemoryImportService);
    // latencyOnly: the 10k-message measures alone, without replaying LoCoMo
    const replayed = latencyOnly ? [] : await replay(store, imports, conversations, cache);
    process.stderr.write('replayed\n');
    const asked = tuneToo ? await gatherAll(contexts, replayed, cache) : [];
    const tuning: Record<string, string | number>[] = [];
    const tunedRows: Record<string, string | number>[] = [];
    const chosen: Record<string, ContextPolicy> = {};
    for (const [tuneOn, testOn] of tuneToo
      ? ([
          ['1-5', '6-10'],
          ['6-10', '1-5'],
        ] as const)
      : []) {
      const tuned = tune(asked, tuneOn);
      chosen[`tuned on ${tuneOn}`] = tuned.policy;
      tuning.push(...tuned.steps);
      for (const representation of REPRESENTATIONS) {
        const of = (half: Half): Asked[] =>
          asked.filter((a) => a.replayed.half === half && a.replayed.representation === representation);
        tunedRows.push(
          evaluate(of(testOn), tuned.policy).row(`policy tuned on ${tuneOn} (held out)`, representation, testOn),
        );
        tunedRows.push(
          evaluate(of(tuneOn), tuned.policy).row(`policy tuned on ${tuneOn} (in sample)`, representation, tuneOn),
        );
      }
    }
    const service = latencyOnly
      ? { reach: new Map<string, Reach>(), ms: [] }
      : await measureService(contexts, replayed, cache);
    const boards = REPRESENTATIONS.flatMap((representation) =>
      (Object.keys(HALVES) as Half[]).map((half) => ({
        representation,
        half,
        board: service.reach.get(`${representation}|${half}`) ?? new Reach(),
      })),
    );
    const rows = [
      ...boards.map(({ representation, half, board }) => board.row('service (CONTEXT_POLICY)', representation, half)),
      ...tunedRows,
    ];
    const categories = boards.flatMap(({ representation, half, board }) =>
      board.categoryRows('service', representation, half),
    );
    // the evidence now, on stderr: the latency part after it takes long and can fail on its own
    process.stderr.write(`\n${markdownTable(rows)}\n\n${markdownTable(categories)}\n\n`);
    const locomoMs = latencyOnly ? null : summarize(service.ms);
    const latency = [
      ...(locomoMs === null
        ? []
        : [
            {
              measure: 'context on LoCoMo channels (all budgets), query vector given',
              n: locomoMs.n,
              'median ms': round(locomoMs.median),
              'p95 ms': round(locomoMs.p95),
              'p99 ms': round(locomoMs.p99),
            },
          ]),
      ...(await latencyAt10k(
        bench.config.dataDir,
        contexts,
        store,
        exactStores?.conversations ?? null,
        imports,
        bench.app.get(MessageSearchService),
        turns,
        questions,
        cache,
        latencyQueries,
      )),
    ];
    report(
      'context',
      {
        totalSeconds: round((performance.now() - started) / 1000, 1),
        policy: CONTEXT_POLICY,
        chosen,
        evidence: rows,
        categories,
        tuning,
        latency,
      },
      rows,
    );
    process.stdout.write(`\n${markdownTable(categories)}\n\n${markdownTable(tuning)}\n\n${markdownTable(latency)}\n`);
  } finally {
    await exactStores?.connection.close();
    await bench.close();
  }
}
