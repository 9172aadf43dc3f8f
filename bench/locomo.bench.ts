import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

import { UseCache } from 'bench/research/use-cache';
import { startBenchApp } from 'bench/support/bench-app';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import type { LocomoConversation, LocomoQuestion } from 'bench/support/locomo-dataset';
import { multiHopReach } from 'bench/support/locomo-entity-reach';
import { loadObservations } from 'bench/support/locomo-observations';
import { EvidenceScoreboard } from 'bench/support/locomo-scoring';
import { markdownTable, report, round, summarize } from 'bench/support/stats';
import { VectorCache } from 'bench/support/vector-cache';
import { USE_LOCAL_MODEL } from 'src/config/config';
import type { EmbedRole } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { MemoryStatus, RelationType } from 'src/domain/memory.enums';
import { USE_EMBEDDING_MODEL } from 'src/embedding/local.embedder';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import { EntityLinker } from 'src/entities/entity-linker.service';
import { MemoryImportService } from 'src/memory/memory-import.service';
import type { ImportItem } from 'src/memory/memory-import.service';
import { entityLookups, entityShares, NEIGHBOURHOOD_LIMITS, queryMentions } from 'src/recall/entity-signal';
import { USE_WEIGHTS, weightsForModel } from 'src/recall/fusion-weights';
import type { RankingWeights } from 'src/recall/fusion-weights';
import { vectorQueryText } from 'src/recall/query-signals';
import { searchableQuery } from 'src/recall/query-text';
import { RecallService } from 'src/recall/recall.service';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore } from 'src/store/entity-store.port';

const ADJACENT_WEIGHT = 0.8;
const DAY_MS = 86_400_000;

/** The memory a LoCoMo turn becomes: speaker in the content, occurredAt the session date (turns a second apart). */
export function turnItems(conv: LocomoConversation): ImportItem[] {
  return conv.turns.map((turn, i) => {
    const at = new Date(turn.sessionDate.getTime() + turn.turnInSession * 1000);
    const previous = i > 0 && conv.turns[i - 1]?.session === turn.session ? conv.turns[i - 1] : undefined;

    return {
      content: turnContent(turn),
      // the turn it answers, so a reply like "Yes, last Friday!" is found by what was asked
      context: previous ? turnContent(previous) : null,
      createdAt: at,
      occurredAt: at,
      source: { role: null, channelId: `session-${turn.session}`, messageId: turn.id, taskId: null },
      ref: turn.id,
      // each turn answers the one before it in the same session
      links: previous ? [{ toRef: previous.id, type: RelationType.RELATED_TO, weight: ADJACENT_WEIGHT }] : [],
    };
  });
}

type Representation = 'turns' | 'observations';

/**
 * tune: weights tuned on one half, scored on the other; quick: the service's weights, no tuning; text: quick's
 * single-retriever rows alone (BM25, vectors), no recall; entities: every stored memory linked to its entities (as
 * the write path links), then the service's weights with the entity signal off and on, side by side, per category.
 */
export type LocomoMode = 'tune' | 'quick' | 'text' | 'entities';

/** One conversation stored one way, with what each stored memory stands for. */
interface Corpus {
  representation: Representation;
  conv: LocomoConversation;
  tenant: string;
  /** Memory id → the turn ids it stands for. */
  turnsOf: Map<string, string[]>;
  questions: LocomoQuestion[];
  /** When the questions are asked: the day after the last session. */
  reference: Date;
}

const VISIBLE = { statuses: [MemoryStatus.ACTIVE] };

/** Weights tuned one at a time over these values, in this order (one coordinate-ascent pass). */
const GRID: Partial<Record<keyof RankingWeights, number[]>> = {
  vector: [0.6, 0.9, 1.2],
  speaker: [1.5, 2, 3],
  graph: [0, 0.3, 0.6],
  session: [0, 0.25, 0.4, 0.6],
  date: [1, 3],
  when: [1, 2],
  length: [0, 0.3],
  question: [0, 0.25],
};

/**
 * While tuning, the store's answers are remembered (nothing is written during the questions, access bookkeeping
 * is off): each trial re-ranks what the store returned the first time. The reported rows run without it.
 */
function memoizeReads(store: MemoryStore): () => void {
  const original = {
    searchText: store.searchText.bind(store),
    searchVectors: store.searchVectors.bind(store),
    neighbours: store.neighbours.bind(store),
    getMemories: store.getMemories.bind(store),
  };
  const answers = new Map<string, Promise<unknown>>();
  const memo =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const key = `${name}|${JSON.stringify(args, (_k, v: unknown) => (v instanceof Float32Array ? Array.from(v.subarray(0, 8)) : v))}`;
      const known = answers.get(key) as Promise<R> | undefined;
      if (known) {
        return known;
      }
      const answer = fn(...args);
      answers.set(key, answer);

      return answer;
    };
  store.searchText = memo('text', original.searchText);
  store.searchVectors = memo('vector', original.searchVectors);
  store.neighbours = memo('neighbours', original.neighbours);
  store.getMemories = memo('records', original.getMemories);

  return () => Object.assign(store, original);
}

/** Vectors by text: the USE cache, or an ONNX model's query vectors (embedded with the model's query prefix). */
interface Vectors {
  get(text: string): Float32Array | undefined;
}

class Evaluator {
  constructor(
    private readonly recall: RecallService,
    private readonly store: MemoryStore,
    private readonly cache: Vectors,
    private readonly start: RankingWeights = USE_WEIGHTS,
    private readonly grid: Partial<Record<keyof RankingWeights, number[]>> = GRID,
  ) {}

  /** HYBRID recall of every question of the corpora with these weights: the board and the query times. */
  async hybrid(
    corpora: readonly Corpus[],
    weights: RankingWeights,
    board = new EvidenceScoreboard(['hybrid'] as const),
    ms: number[] = [],
    vectorOf: (question: string) => string = vectorQueryText,
  ): Promise<number> {
    for (const c of corpora) {
      for (const q of c.questions) {
        const vector = this.cache.get(vectorOf(q.question)) ?? null;
        const started = performance.now();
        const out = await this.recall.recallWithVector(
          c.tenant,
          { query: q.question, limit: 10, referenceTime: c.reference },
          vector,
          { weights, recordAccess: false },
        );
        ms.push(performance.now() - started);
        board.add(
          'hybrid',
          q,
          out.hits.map((h) => c.turnsOf.get(h.memory.id) ?? []),
        );
      }
    }

    return board.total('hybrid').any10;
  }

  /** HYBRID recall of every question with each variant's weights, side by side (one question, every variant). */
  async compare<V extends string>(
    corpora: readonly Corpus[],
    variants: Record<V, RankingWeights>,
    board: EvidenceScoreboard<V>,
  ): Promise<void> {
    for (const c of corpora) {
      for (const q of c.questions) {
        const vector = this.cache.get(vectorQueryText(q.question)) ?? null;
        for (const [variant, weights] of Object.entries(variants) as [V, RankingWeights][]) {
          const out = await this.recall.recallWithVector(
            c.tenant,
            { query: q.question, limit: 10, referenceTime: c.reference },
            vector,
            { weights, recordAccess: false },
          );
          board.add(
            variant,
            q,
            out.hits.map((h) => c.turnsOf.get(h.memory.id) ?? []),
          );
        }
      }
    }
  }

  /** Single retrievers, straight from the store: BM25, vectors of the question, vectors of the question without names. */
  async single(
    corpora: readonly Corpus[],
    board: EvidenceScoreboard<'bm25' | 'vector' | 'vector, names stripped'>,
  ): Promise<void> {
    for (const c of corpora) {
      for (const q of c.questions) {
        const ids = (hits: { id: string }[]): string[][] => hits.map((h) => c.turnsOf.get(h.id) ?? []);
        board.add('bm25', q, ids(await this.store.searchText(c.tenant, searchableQuery(q.question), 10, VISIBLE)));
        const raw = this.cache.get(q.question);
        board.add('vector', q, raw ? ids(await this.store.searchVectors(c.tenant, raw, 10, VISIBLE)) : []);
        const stripped = this.cache.get(vectorQueryText(q.question));
        board.add(
          'vector, names stripped',
          q,
          stripped ? ids(await this.store.searchVectors(c.tenant, stripped, 10, VISIBLE)) : [],
        );
      }
    }
  }

  /** Coordinate ascent on any@10 over GRID, starting from USE_WEIGHTS; ties keep the current value. */
  async tune(
    corpora: readonly Corpus[],
    label: string,
  ): Promise<{ weights: RankingWeights; score: number; steps: Record<string, string | number>[] }> {
    let weights: RankingWeights = { ...this.start };
    let best = await this.hybrid(corpora, weights);
    const steps: Record<string, string | number>[] = [];
    for (let pass = 1; pass <= 1; pass++) {
      let changed = false;
      for (const [key, values] of Object.entries(this.grid) as [keyof RankingWeights, number[]][]) {
        const scores: string[] = [];
        for (const value of values) {
          const trial = { ...weights, [key]: value };
          const score = value === weights[key] ? best : await this.hybrid(corpora, trial);
          scores.push(`${value}: ${round(score, 3)}`);
          if (score > best + 1e-9) {
            best = score;
            weights = trial;
            changed = true;
          }
        }
        steps.push({ tuned: label, pass, weight: key, 'any@10 per value': scores.join(', '), kept: weights[key] });
        process.stderr.write(`tune ${label} pass ${pass} ${key}: ${scores.join(', ')} -> ${weights[key]}\n`);
      }
      if (!changed) {
        break;
      }
    }

    return { weights, score: best, steps };
  }
}

/** The best any ranking could do: a question counts when some evidence turn is stored at all (observations cite only some turns). */
function ceilingRow(
  corpora: readonly Corpus[],
  representation: Representation,
  half: string,
): Record<string, string | number> {
  const ceiling = new EvidenceScoreboard(['all'] as const);
  for (const c of corpora) {
    const stored = [[...c.turnsOf.values()].flat()];
    for (const q of c.questions) {
      ceiling.add('all', q, stored);
    }
  }

  return row('ceiling (some evidence turn stored at all)', representation, half, ceiling, 'all');
}

function row(
  what: string,
  representation: Representation,
  half: string,
  board: EvidenceScoreboard<string>,
  variant: string,
): Record<string, string | number> {
  const t = board.total(variant);

  return {
    representation,
    variant: what,
    'scored on': half,
    questions: t.questions,
    'any@5': round(t.any5, 3),
    'any@10': round(t.any10, 3),
    'all@10': round(t.all10, 3),
  };
}

function modelsDir(): string {
  return process.env['ENGRAM_MODELS_DIR'] ?? resolve(__dirname, '..', 'data', 'models');
}

/**
 * The vectors of the run: USE's (one cache for queries and passages, as before), or an ONNX model's, queries and
 * passages apart (the model's prefixes), cached where `npm run bench -- embedders` keeps them.
 */
async function locomoVectors(
  model: string,
  texts: Record<EmbedRole, string[]>,
): Promise<Record<EmbedRole, Vectors> & { dimensions: number }> {
  const log = (msg: string): boolean => process.stderr.write(`${msg}\n`);
  if (model === USE_LOCAL_MODEL) {
    const cache = new UseCache();
    await cache.ensure([...texts.query, ...texts.passage], 32, log);

    return { query: cache, passage: cache, dimensions: 512 };
  }
  const embedder = new OnnxEmbedder({ modelsDir: modelsDir(), name: model, batchSize: 32 });
  try {
    const [query, passage] = await Promise.all(
      (['query', 'passage'] as const).map(async (role) => {
        const cache = new VectorCache(
          resolve(__dirname, '.cache', 'embedders', `${model}-${role}`),
          embedder.dimensions,
        );
        await cache.ensure(texts[role], (batch) => embedder.embed(batch, { lane: 'bulk', role }), 64, log);

        return cache;
      }),
    );

    return { query: query!, passage: passage!, dimensions: embedder.dimensions };
  } finally {
    await embedder.close();
  }
}

/** What the write path does after each write (imports do not link): the linker reads every stored memory. */
async function linkEntities(
  linker: EntityLinker,
  tenant: string,
  ids: readonly string[],
  items: readonly ImportItem[],
): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await linker.link(tenant, { id, content: items[i]?.content ?? '', slot: null });
  }
}

/**
 * How far the signal reaches: questions naming something, naming an entity the store holds (some share), and
 * lifting a memory that stands for an evidence turn; with the stored entities and links per memory.
 */
async function signalReach(
  entities: EntityStore,
  corpora: readonly Corpus[],
  weights: RankingWeights,
): Promise<Record<string, number>> {
  const reach = { questions: 0, naming: 0, resolved: 0, evidenceLifted: 0, entities: 0, mentions: 0, memories: 0 };
  for (const c of corpora) {
    const listed = await entities.searchEntities(c.tenant, { query: null, kind: null, limit: 200 });
    const counts = await entities.mentionCounts(
      c.tenant,
      listed.map((e) => e.id),
    );
    reach.entities += listed.length;
    reach.mentions += [...counts.values()].reduce((a, b) => a + b, 0);
    reach.memories += c.turnsOf.size;
    for (const q of c.questions) {
      reach.questions += 1;
      const keyed = queryMentions(q.question);
      if (keyed.length === 0) {
        continue;
      }
      reach.naming += 1;
      const hoods = await entities.entityNeighbourhoods(c.tenant, entityLookups(keyed), NEIGHBOURHOOD_LIMITS);
      const shares = entityShares(keyed, hoods, weights);
      if (shares.size === 0) {
        continue;
      }
      reach.resolved += 1;
      const lifted = new Set([...shares.keys()].flatMap((id) => c.turnsOf.get(id) ?? []));
      reach.evidenceLifted += q.evidence.some((turn) => lifted.has(turn)) ? 1 : 0;
    }
  }

  return reach;
}

/** The entity signal's variants: off (no entity read), the service's weights, and those with the bridge at two weights. */
const ENTITY_VARIANTS = ['signal off', 'signal on (service)', 'bridge 0.3', 'bridge 1'] as const;

/**
 * The service's weights with the entity signal off and on, both representations asked the same questions in one
 * run: a row per variant and category (any@10 per category and overall, all ten conversations).
 */
async function entityRows(
  evaluator: Evaluator,
  entities: EntityStore,
  service: RankingWeights,
  of: (half: '1-5' | '6-10', representation?: Representation) => Corpus[],
): Promise<Record<string, string | number>[]> {
  const weights: Record<(typeof ENTITY_VARIANTS)[number], RankingWeights> = {
    'signal off': { ...service, entity: 0, entityHop: 0, entityBridge: 0 },
    'signal on (service)': service,
    'bridge 0.3': { ...service, entityBridge: 0.3 },
    'bridge 1': { ...service, entityBridge: 1 },
  };
  const rows: Record<string, string | number>[] = [];
  for (const representation of ['turns', 'observations'] as const) {
    // all ten conversations at once (the halves alone asked the same questions again)
    const corpora = [...of('1-5', representation), ...of('6-10', representation)];
    const board = new EvidenceScoreboard(ENTITY_VARIANTS);
    await evaluator.compare(corpora, weights, board);
    rows.push(...board.rows().map((r) => ({ representation, 'scored on': 'all', ...r })));
    process.stderr.write(`${representation}: ${JSON.stringify(await signalReach(entities, corpora, service))}\n`);
  }

  return rows;
}

/**
 * `npm run bench -- locomo`: LoCoMo evidence recall. Each conversation is stored twice, in tenants of its own: as
 * turns (bulk import, "Speaker: text", the previous turn as context, a RELATED_TO edge to it) and as the session
 * observations (short third-person statements with their session date, as a user of remember/importMemories
 * writes them). Weights are tuned on conversations 1-5 (26, 30, 41, 42, 43) and scored on 6-10, and the reverse
 * (`locomo tune <model> 1-5` tunes on 1-5 alone, so that 6-10 stays held out);
 * BM25-only and vector-only rows come from the same stores in the same run. Recall is asked as the service asks
 * it (vector of the question without names), access bookkeeping off so questions do not influence each other.
 * `locomo entities [model]` links every stored memory to its entities first and compares the entity signal off and
 * on (service weights, and with the entity bridge), per category, on all ten conversations and both representations.
 */
export async function runLocomo(
  mode: LocomoMode = 'tune',
  model: string = USE_LOCAL_MODEL,
  tuneOnly?: '1-5' | '6-10',
): Promise<void> {
  const quick = mode === 'quick';
  const started = performance.now();
  const conversations = loadLocomo();
  const observations = new Map(conversations.map((c) => [c.id, loadObservations(c)]));
  const questions = conversations.flatMap((c) => c.questions.filter(isScorable).map((q) => q.question));
  const {
    query: cache,
    passage,
    dimensions,
  } = await locomoVectors(model, {
    query: [...questions, ...questions.map(vectorQueryText)],
    passage: [
      ...conversations.flatMap((c) => c.turns.map(turnContent)),
      ...[...observations.values()].flat().map((o) => o.content),
    ],
  });
  const service = weightsForModel(model === USE_LOCAL_MODEL ? USE_EMBEDDING_MODEL : model);
  const bench = await startBenchApp({
    EMBEDDINGS: 'local',
    LOCAL_EMBEDDING_MODEL: model,
    ENGRAM_MODELS_DIR: modelsDir(),
    ENGRAM_OPERATOR_TENANTS: conversations.map((c) => `locomo-turns-${c.id}`).join(','),
    // the variants turn the signal off by their weights
    RECALL_ENTITY_SIGNAL: 'true',
  });
  const rows: Record<string, string | number>[] = [];
  const tuning: Record<string, string | number>[] = [];
  const chosen: Record<string, RankingWeights> = {};
  const ms: number[] = [];
  try {
    const importer = bench.app.get(MemoryImportService);
    const store = bench.app.get<MemoryStore>(MEMORY_STORE);
    const evaluator = new Evaluator(
      bench.app.get(RecallService),
      store,
      cache,
      service,
      model === USE_LOCAL_MODEL ? GRID : { ...GRID, vector: [0.9, 1.2, 1.6, 2.2] },
    );
    const corpora: Corpus[] = [];
    for (const conv of conversations) {
      const last = conv.sessions[conv.sessions.length - 1]?.date ?? new Date();
      const reference = new Date(last.getTime() + DAY_MS);
      const scorable = conv.questions.filter(isScorable);
      const turns = turnItems(conv);
      // trusted (an operator's migration): a transcript holds questions, which the firewall keeps out of memories
      const imported = await importer.importMany(
        `locomo-turns-${conv.id}`,
        turns,
        turns.map((t) => passage.get(t.content) ?? new Float32Array(dimensions)),
        { trusted: true },
      );
      corpora.push({
        representation: 'turns',
        conv,
        tenant: `locomo-turns-${conv.id}`,
        turnsOf: new Map(imported.ids.map((id, i) => [id, [conv.turns[i]?.id ?? '']])),
        questions: scorable,
        reference,
      });
      const obs = observations.get(conv.id) ?? [];
      const obsItems: ImportItem[] = obs.map((o) => ({
        content: o.content,
        occurredAt: o.sessionDate,
        createdAt: o.sessionDate,
        source: { role: null, channelId: `session-${o.session}` },
      }));
      const storedObs = await importer.importMany(
        `locomo-obs-${conv.id}`,
        obsItems,
        obsItems.map((o) => passage.get(o.content) ?? new Float32Array(dimensions)),
      );
      const turnsOf = new Map<string, string[]>();
      storedObs.ids.forEach((id, i) => turnsOf.set(id, [...(turnsOf.get(id) ?? []), ...(obs[i]?.turnIds ?? [])]));
      corpora.push({
        representation: 'observations',
        conv,
        tenant: `locomo-obs-${conv.id}`,
        turnsOf,
        questions: scorable,
        reference,
      });
      if (mode === 'entities') {
        await linkEntities(bench.app.get(EntityLinker), `locomo-turns-${conv.id}`, imported.ids, turns);
        await linkEntities(bench.app.get(EntityLinker), `locomo-obs-${conv.id}`, storedObs.ids, obsItems);
      }
      process.stderr.write(
        `conversation ${conv.id}: ${conv.turns.length} turns, ${obs.length} observations, ${scorable.length} questions\n`,
      );
    }
    const halves = {
      '1-5': conversations.slice(0, 5).map((c) => c.id),
      '6-10': conversations.slice(5).map((c) => c.id),
    };
    const of = (half: '1-5' | '6-10', representation?: Representation): Corpus[] =>
      corpora.filter(
        (c) =>
          halves[half].includes(c.conv.id) && (representation === undefined || c.representation === representation),
      );
    if (quick || mode === 'text') {
      // `npm run bench -- locomo quick`: the service's weights on both halves, no tuning
      for (const half of ['1-5', '6-10'] as const) {
        for (const representation of ['turns', 'observations'] as const) {
          if (quick) {
            const board = new EvidenceScoreboard(['hybrid'] as const);
            await evaluator.hybrid(of(half, representation), service, board, ms);
            rows.push(row('HYBRID, the service weights of the model', representation, half, board, 'hybrid'));
            const unstripped = new EvidenceScoreboard(['hybrid'] as const);
            await evaluator.hybrid(of(half, representation), service, unstripped, [], (q) => q);
            rows.push(
              row('HYBRID, service weights, vector of the whole question', representation, half, unstripped, 'hybrid'),
            );
          }
          rows.push(ceilingRow(of(half, representation), representation, half));
          const singles = new EvidenceScoreboard(['bm25', 'vector', 'vector, names stripped'] as const);
          await evaluator.single(of(half, representation), singles);
          for (const variant of ['bm25', 'vector', 'vector, names stripped'] as const) {
            rows.push(row(variant, representation, half, singles, variant));
          }
        }
      }
    }
    if (mode === 'entities') {
      rows.push(...(await entityRows(evaluator, bench.app.get<EntityStore>(ENTITY_STORE), service, of)));
      process.stderr.write(`multi-hop: ${JSON.stringify(multiHopReach(conversations, observations))}\n`);
    }
    const directions = (
      [
        ['1-5', '6-10'],
        ['6-10', '1-5'],
      ] as const
    ).filter(([tuneOn]) => tuneOnly === undefined || tuneOn === tuneOnly);
    for (const [tuneOn, testOn] of mode === 'tune' ? directions : []) {
      // one weight set for both representations, as the service has one per embedding model
      const restore = memoizeReads(store);
      const tuned = await evaluator.tune(of(tuneOn), tuneOn).finally(restore);
      chosen[`tuned on ${tuneOn}`] = tuned.weights;
      tuning.push(...tuned.steps);
      for (const representation of ['turns', 'observations'] as const) {
        const test = of(testOn, representation);
        const board = new EvidenceScoreboard(['hybrid'] as const);
        await evaluator.hybrid(test, tuned.weights, board, ms);
        rows.push(row(`HYBRID, weights tuned on ${tuneOn} (held out)`, representation, testOn, board, 'hybrid'));
        const inSample = new EvidenceScoreboard(['hybrid'] as const);
        await evaluator.hybrid(of(tuneOn, representation), tuned.weights, inSample);
        rows.push(row(`HYBRID, weights tuned on ${tuneOn} (in sample)`, representation, tuneOn, inSample, 'hybrid'));
        const product = new EvidenceScoreboard(['hybrid'] as const);
        await evaluator.hybrid(test, service, product);
        rows.push(row('HYBRID, the service weights of the model', representation, testOn, product, 'hybrid'));
        rows.push(ceilingRow(test, representation, testOn));
        const singles = new EvidenceScoreboard(['bm25', 'vector', 'vector, names stripped'] as const);
        await evaluator.single(test, singles);
        for (const variant of ['bm25', 'vector', 'vector, names stripped'] as const) {
          rows.push(
            row(
              variant === 'bm25' ? 'BM25 only' : `${variant} only`.replace('vector', `vector (${model})`),
              representation,
              testOn,
              singles,
              variant,
            ),
          );
        }
      }
    }
  } finally {
    await bench.close();
  }
  const latency = summarize(ms);
  process.stderr.write(`\n${markdownTable(tuning)}\n\n`);
  report(
    'locomo',
    {
      totalSeconds: round((performance.now() - started) / 1000, 1),
      hybridMedianMs: round(latency.median),
      hybridP95Ms: round(latency.p95),
      model,
      weights: { service, ...chosen },
      tuning,
      rows,
    },
    rows,
  );
}
