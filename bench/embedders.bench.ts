import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';

import { Reach, reached } from 'bench/context.bench';
import { startBenchApp } from 'bench/support/bench-app';
import type { BenchApp } from 'bench/support/bench-app';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import type { LocomoConversation, LocomoQuestion } from 'bench/support/locomo-dataset';
import { appendTurn } from 'bench/support/locomo-messages';
import { loadObservations } from 'bench/support/locomo-observations';
import { EvidenceScoreboard } from 'bench/support/locomo-scoring';
import { markdownTable, report, round, summarize } from 'bench/support/stats';
import { VectorCache } from 'bench/support/vector-cache';
import { USE_LOCAL_MODEL } from 'src/config/config';
import { ContextService } from 'src/conversation/context.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import type { Embedder, EmbedRole } from 'src/domain/embedding.port';
import { embedQuery } from 'src/embedding/embed-safely';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { vectorQueryText } from 'src/recall/query-signals';
import { RecallService } from 'src/recall/recall.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

/** LOCAL_EMBEDDING_MODEL of each candidate; `prefixes: false` measures what a model's instruction prefixes bring. */
export interface Candidate {
  label: string;
  model: string;
  prefixes: boolean;
}

const CANDIDATES: readonly Candidate[] = [
  { label: 'USE lite', model: USE_LOCAL_MODEL, prefixes: true },
  { label: 'MiniLM-L6', model: 'all-minilm-l6-v2', prefixes: true },
  { label: 'MiniLM-L6-q', model: 'all-minilm-l6-v2-q', prefixes: true },
  { label: 'BGE-small', model: 'bge-small-en-v1.5', prefixes: true },
  { label: 'BGE-small-q', model: 'bge-small-en-v1.5-q', prefixes: true },
  { label: 'BGE-small-q, no query instruction', model: 'bge-small-en-v1.5-q', prefixes: false },
  { label: 'E5-small', model: 'e5-small-v2', prefixes: true },
  { label: 'E5-small-q', model: 'e5-small-v2-q', prefixes: true },
  { label: 'E5-small-q, no prefixes', model: 'e5-small-v2-q', prefixes: false },
];

const CHANNEL = 'conversation';
const DAY_MS = 86_400_000;
const CONTEXT_BUDGETS = [2000, 4000] as const;
const PAUSE_MS = 20;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function modelsDir(): string {
  return process.env['ENGRAM_MODELS_DIR'] ?? resolve(__dirname, '..', 'data', 'models');
}

function standalone(candidate: Candidate): Embedder {
  return candidate.model === USE_LOCAL_MODEL
    ? new LocalEmbedder({ batchSize: 32 })
    : new OnnxEmbedder({ modelsDir: modelsDir(), name: candidate.model, prefixes: candidate.prefixes, batchSize: 32 });
}

/** The held-out conversations' texts embedded by the candidate (cached on disk per model, role and prefixes). */
async function vectorsOf(
  candidate: Candidate,
  texts: Record<EmbedRole, string[]>,
): Promise<Record<EmbedRole, VectorCache>> {
  const embedder = standalone(candidate);
  const caches = {} as Record<EmbedRole, VectorCache>;
  try {
    for (const role of ['passage', 'query'] as const) {
      const prefix = candidate.model === USE_LOCAL_MODEL || candidate.prefixes ? '' : '-noprefix';
      const dir = resolve(__dirname, '.cache', 'embedders', `${candidate.model}${prefix}-${role}`);
      const cache = new VectorCache(dir, embedder.dimensions);
      await cache.ensure(
        texts[role],
        (batch) => embedder.embed(batch, { lane: 'bulk', role }),
        64,
        (msg) => process.stderr.write(`${candidate.label} ${role}s: ${msg}\n`),
      );
      caches[role] = cache;
    }
  } finally {
    await embedder.close?.();
  }

  return caches;
}

interface Quality {
  messages: EvidenceScoreboard<'searchMessages' | 'message vectors only'>;
  observations: EvidenceScoreboard<'recall'>;
  context: Reach;
}

/** The held-out conversations through the service: searchMessages and context on turns, recall on observations. */
async function quality(
  bench: BenchApp,
  conversations: readonly LocomoConversation[],
  vectors: Record<EmbedRole, VectorCache>,
): Promise<Quality> {
  const store = bench.app.get<ConversationStore>(CONVERSATION_STORE);
  const search = bench.app.get(MessageSearchService);
  const contexts = bench.app.get(ContextService);
  const recall = bench.app.get(RecallService);
  const importer = bench.app.get(MemoryImportService);
  const out: Quality = {
    messages: new EvidenceScoreboard(['searchMessages', 'message vectors only'] as const),
    observations: new EvidenceScoreboard(['recall'] as const),
    context: new Reach(),
  };
  for (const conversation of conversations) {
    const tenantId = `turns-${conversation.id}`;
    const turnOf = new Map<string, string>();
    for (const turn of conversation.turns) {
      turnOf.set(
        await appendTurn(store, tenantId, CHANNEL, turn, vectors.passage.get(turnContent(turn)) ?? null),
        turn.id,
      );
    }
    const observations = loadObservations(conversation);
    const obsTenant = `obs-${conversation.id}`;
    const items = observations.map((o) => ({
      content: o.content,
      occurredAt: o.sessionDate,
      createdAt: o.sessionDate,
      source: { role: null, channelId: `session-${o.session}` },
    }));
    const stored = await importer.importMany(
      obsTenant,
      items,
      items.map((o) => {
        const vector = vectors.passage.get(o.content);
        if (!vector) {
          throw new Error(`no vector for observation ${JSON.stringify(o.content)}`);
        }

        return vector;
      }),
    );
    const turnsOf = new Map<string, string[]>();
    stored.ids.forEach((id, i) => turnsOf.set(id, [...(turnsOf.get(id) ?? []), ...(observations[i]?.turnIds ?? [])]));
    const last = conversation.sessions[conversation.sessions.length - 1]?.date ?? new Date();
    const reference = new Date(last.getTime() + DAY_MS);
    const replayed = {
      conversation,
      half: '6-10' as const,
      representation: 'turns' as const,
      tenantId,
      observations: [],
    };
    for (const q of conversation.questions.filter(isScorable)) {
      const vector = vectors.query.get(vectorQueryText(q.question)) ?? null;
      const scope = { channelId: CHANNEL };
      const hits = await search.searchWithVector(tenantId, { query: q.question, limit: 10, scope }, vector);
      out.messages.add(
        'searchMessages',
        q,
        hits.map((h) => turnOf.get(h.message.id) ?? ''),
      );
      const nearest = vector ? await store.searchMessageVectors(tenantId, vector, 10, scope) : [];
      out.messages.add(
        'message vectors only',
        q,
        nearest.map((h) => turnOf.get(h.id) ?? ''),
      );
      const recalled = await recall.recallWithVector(
        obsTenant,
        { query: q.question, limit: 10, referenceTime: reference },
        vector,
        { recordAccess: false },
      );
      out.observations.add(
        'recall',
        q,
        recalled.hits.map((h) => turnsOf.get(h.memory.id) ?? []),
      );
      for (const budget of CONTEXT_BUDGETS) {
        const context = await contexts.contextWithVector(
          tenantId,
          { channelId: CHANNEL, query: q.question, tokenBudget: budget },
          vector,
        );
        out.context.add(budget, q, reached(replayed, q, context.text));
      }
    }
    process.stderr.write(`conversation ${conversation.id} scored\n`);
  }

  return out;
}

interface Speed {
  idle: number[];
  duringBulk: number[];
  /** Texts embedded on the bulk lane alone and the seconds it took (batches of 32 turns). */
  bulkTexts: number;
  bulkSeconds: number;
}

/** Query embedding (embedQuery, as recall calls it) of one question; its milliseconds. */
async function timeQuery(embedder: Embedder, question: string): Promise<number> {
  const started = performance.now();
  await embedQuery(embedder, question, 5000, new Logger('embedders-bench'));

  return performance.now() - started;
}

/**
 * The candidates' speed measured in turns, so that the load of the machine falls on each alike: all models loaded
 * (both lanes' threads, as in the app), then per round each candidate in turn: four queries alone, a bulk batch of
 * 32 turns alone, and queries while another bulk batch runs. Distinct questions (no cache hits).
 */
export async function speeds(
  candidates: readonly Candidate[],
  turns: readonly string[],
  questions: readonly string[],
  rounds: number,
): Promise<Speed[]> {
  const embedders = candidates.map((c) =>
    c.model === USE_LOCAL_MODEL
      ? new LocalEmbedder()
      : new OnnxEmbedder({ modelsDir: modelsDir(), name: c.model, prefixes: c.prefixes }),
  );
  const out: Speed[] = candidates.map(() => ({ idle: [], duringBulk: [], bulkTexts: 0, bulkSeconds: 0 }));
  try {
    await Promise.all(embedders.map((e) => e.warmUp()));
    let q = 0;
    const question = (): string => {
      const text = questions[q % questions.length] ?? '';
      const lap = Math.floor(q++ / questions.length);

      return lap === 0 ? text : `${text} (${lap})`;
    };
    for (let round = 0; round < rounds; round++) {
      for (const [i, embedder] of embedders.entries()) {
        const speed = out[i]!;
        await timeQuery(embedder, 'warm up the query path');
        for (let k = 0; k < 4; k++) {
          speed.idle.push(await timeQuery(embedder, question()));
          await sleep(PAUSE_MS);
        }
        const batch = Array.from({ length: 32 }, (_, j) => turns[(round * 32 + j) % turns.length] ?? '');
        const started = performance.now();
        await embedder.embed(batch, { lane: 'bulk' });
        speed.bulkSeconds += (performance.now() - started) / 1000;
        speed.bulkTexts += batch.length;
        let busy = true;
        const bulk = embedder
          .embed(
            batch.map((t) => `${t} [${round}]`),
            { lane: 'bulk' },
          )
          .finally(() => (busy = false));
        await sleep(PAUSE_MS);
        while (busy) {
          speed.duringBulk.push(await timeQuery(embedder, question()));
          await sleep(PAUSE_MS);
        }
        await bulk;
      }
      if ((round + 1) % 10 === 0) {
        process.stderr.write(`speed round ${round + 1}/${rounds}\n`);
      }
    }
  } finally {
    await Promise.all(embedders.map((e) => e.close()));
  }

  return out;
}

/** The RSS a model adds to a fresh process (both lanes loaded and used) over the same process without a model. */
export function modelRssMb(model: string): number {
  const run = (name: string): number => {
    const result = spawnSync(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        '-r',
        'tsconfig-paths/register',
        resolve(__dirname, 'support', 'model-rss.ts'),
        name,
        modelsDir(),
      ],
      { cwd: resolve(__dirname, '..'), encoding: 'utf8' },
    );

    return Number(result.stdout.trim().split('\n').pop());
  };

  return run(model) - run('none');
}

function categoryAny10(board: EvidenceScoreboard<string>, variant: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of board.rows()) {
    if (row['variant'] === variant && row['category'] !== 'all') {
      out[`any@10 ${String(row['category'])}`] = Number(row['any@10']);
    }
  }

  return out;
}

/**
 * `npm run bench -- embedders [labels|models, comma-separated] [queries]`: every local embedding candidate side by
 * side on LoCoMo's held-out conversations (6-10: the ranking weights and the context policy were chosen on 1-5),
 * each in its own app with LOCAL_EMBEDDING_MODEL set to it (so its own ranking weights): searchMessages any@10 /
 * all@10 on the turns (per category), recall any@10 on the session observations, the share of questions whose
 * evidence is in `context` at 2k / 4k tokens; then query embedding p50 / p95 idle and during an import, the import
 * rate of turns, and the memory the model threads add. Models come from ENGRAM_MODELS_DIR (default data/models;
 * `npm run models -- fetch --all`); the held-out texts' vectors are cached under bench/.cache/embedders.
 */
export async function runEmbeddersBench(only?: string, rounds = 60, speedOnly = false): Promise<void> {
  const started = performance.now();
  const wanted = only?.split(',').map((s) => s.trim());
  const candidates = CANDIDATES.filter((c) => !wanted || wanted.includes(c.label) || wanted.includes(c.model));
  const all = loadLocomo();
  const heldOut = all.slice(5);
  const tuning = all.slice(0, 5);
  const questions: LocomoQuestion[] = heldOut.flatMap((c) => c.questions.filter(isScorable));
  const texts: Record<EmbedRole, string[]> = {
    passage: [
      ...heldOut.flatMap((c) => c.turns.map(turnContent)),
      ...heldOut.flatMap((c) => loadObservations(c).map((o) => o.content)),
    ],
    query: questions.map((q) => vectorQueryText(q.question)),
  };
  // latency on questions and turns the quality pass did not embed (no cache hit can flatter a model)
  const latencyQuestions = tuning.flatMap((c) => c.questions.map((q) => q.question));
  const ingestTurns = tuning.flatMap((c) => c.turns.map(turnContent));
  const rows: Record<string, string | number>[] = [];
  const categories: Record<string, string | number>[] = [];
  const results: Record<string, unknown>[] = [];
  for (const candidate of speedOnly ? [] : candidates) {
    const vectors = await vectorsOf(candidate, texts);
    const bench = await startBenchApp({
      EMBEDDINGS: 'local',
      LOCAL_EMBEDDING_MODEL: candidate.model,
      ENGRAM_MODELS_DIR: modelsDir(),
      // the cortex's sweeps would compete with the measures
      CORTEX_SWEEP_MS: String(DAY_MS),
    });
    try {
      const q = await quality(bench, heldOut, vectors);
      const messages = q.messages.total('searchMessages');
      const row = {
        candidate: candidate.label,
        'turns any@10': round(messages.any10, 3),
        'turns all@10': round(messages.all10, 3),
        'turn vectors alone any@10': round(q.messages.total('message vectors only').any10, 3),
        'observations any@10': round(q.observations.total('recall').any10, 3),
        'context 2k': round(q.context.share(2000), 3),
        'context 4k': round(q.context.share(4000), 3),
      };
      rows.push(row);
      categories.push({
        candidate: candidate.label,
        ...categoryAny10(q.messages, 'searchMessages'),
        ...Object.fromEntries(
          Object.entries(categoryAny10(q.observations, 'recall')).map(([k, v]) => [`observations ${k}`, v]),
        ),
      });
      results.push({ ...row, messages: q.messages.rows(), observations: q.observations.rows() });
      process.stderr.write(`${markdownTable([row])}\n`);
    } finally {
      await bench.close();
    }
  }
  const measured = rounds > 0 ? await speeds(candidates, ingestTurns, latencyQuestions, rounds) : [];
  measured.forEach((speed, i) => {
    const idle = summarize(speed.idle);
    const busy = summarize(speed.duringBulk);
    const candidate = candidates[i]!;
    const extra = {
      'query p50 ms': round(idle.median, 1),
      'query p95 ms': round(idle.p95, 1),
      'query p50 ms, bulk running': round(busy.median, 1),
      'query p95 ms, bulk running': round(busy.p95, 1),
      'bulk texts/s': round(speed.bulkTexts / speed.bulkSeconds, 1),
      'RSS MB': modelRssMb(candidate.model),
    };
    if (speedOnly) {
      rows.push({ candidate: candidate.label, ...extra });
      results.push({ candidate: candidate.label, ...extra, idle, duringBulk: busy });
    } else {
      Object.assign(rows[i]!, extra);
      Object.assign(results[i]!, extra, { idle, duringBulk: busy });
    }
  });
  report(
    'embedders',
    {
      totalSeconds: round((performance.now() - started) / 1000, 1),
      heldOut: heldOut.map((c) => c.id),
      questions: questions.length,
      results,
    },
    rows,
  );
  process.stdout.write(`\n${markdownTable(categories)}\n`);
}
