import { resolve } from 'node:path';

import { startBenchApp } from 'bench/support/bench-app';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import type { LocomoConversation, LocomoQuestion } from 'bench/support/locomo-dataset';
import { appendTurn } from 'bench/support/locomo-messages';
import { EvidenceScoreboard } from 'bench/support/locomo-scoring';
import { markdownTable, report } from 'bench/support/stats';
import { VectorCache } from 'bench/support/vector-cache';
import { DEFAULT_LOCAL_MODEL } from 'src/config/config';
import { MessageSearchService } from 'src/conversation/message-search.service';
import type { EmbedRole } from 'src/domain/embedding.port';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import { weightsForModel } from 'src/recall/fusion-weights';
import type { RankingWeights } from 'src/recall/fusion-weights';
import { vectorQueryText } from 'src/recall/query-signals';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

const CHANNEL = 'conversation';

/** The passage text of turn i a variant embeds (the service's: `speaker: text`). */
type PassageText = (conv: LocomoConversation, i: number) => string;

/** How a variant stores and asks: the text each turn is embedded as, the query text, the ranking weights. */
interface Variant {
  label: string;
  passage: PassageText;
  query: (question: string) => string;
  weights?: (service: RankingWeights) => RankingWeights;
  /** The stored vector is the turn's own plus this share of the previous turn's (same session), unit length. */
  blend?: number;
}

const own: PassageText = (conv, i) => turnContent(conv.turns[i]!);

/** The turn before in the same session, or undefined. */
function previousTurn(conv: LocomoConversation, i: number): LocomoConversation['turns'][number] | undefined {
  const before = conv.turns[i - 1];

  return before && before.session === conv.turns[i]?.session ? before : undefined;
}

/** The turn with the one it answers (same session) before it: a reply's "they" or "that one" gets its referent. */
const withPrevious: PassageText = (conv, i) => {
  const before = previousTurn(conv, i);

  return before ? `${turnContent(before)}\n${own(conv, i)}` : own(conv, i);
};

const VARIANTS: readonly Variant[] = [
  { label: 'service (speaker: text, names stripped from the query)', passage: own, query: vectorQueryText },
  { label: 'query vector of the whole question', passage: own, query: (q) => q },
  {
    label: 'vector weight 1.5',
    passage: own,
    query: vectorQueryText,
    weights: (w) => ({ ...w, vector: 1.5 }),
  },
  {
    label: 'vector weight 2',
    passage: own,
    query: vectorQueryText,
    weights: (w) => ({ ...w, vector: 2 }),
  },
  {
    label: 'vector: own + 0.5 x previous turn (blend)',
    passage: own,
    query: vectorQueryText,
    blend: 0.5,
  },
  { label: 'passage: previous turn + this turn', passage: withPrevious, query: vectorQueryText },
  {
    label: 'passage: previous turn + this turn, vector weight 1.5',
    passage: withPrevious,
    query: vectorQueryText,
    weights: (w) => ({ ...w, vector: 1.5 }),
  },
  {
    label: 'full text alone (vector weight 0)',
    passage: own,
    query: vectorQueryText,
    weights: (w) => ({ ...w, vector: 0 }),
  },
];

/** The vector turn i is stored with in a variant. */
function storedVector(
  variant: Variant,
  conv: LocomoConversation,
  i: number,
  passage: VectorCache,
): Float32Array | null {
  const self = passage.get(variant.passage(conv, i));
  const share = variant.blend;
  const before = share !== undefined && previousTurn(conv, i) ? passage.get(own(conv, i - 1)) : undefined;
  if (!self || !before || share === undefined) {
    return self ?? null;
  }
  const sum = self.map((x, d) => x + share * (before[d] ?? 0));
  const norm = Math.hypot(...sum);

  return sum.map((x) => x / norm);
}

function modelsDir(): string {
  return process.env['ENGRAM_MODELS_DIR'] ?? resolve(__dirname, '..', 'data', 'models');
}

/** Every text the variants embed, queries and passages apart, cached where the other LoCoMo benches keep them. */
async function vectorsOf(
  model: string,
  variants: readonly Variant[],
  conversations: readonly LocomoConversation[],
): Promise<Record<EmbedRole, VectorCache>> {
  const embedder = new OnnxEmbedder({ modelsDir: modelsDir(), name: model, batchSize: 32 });
  const texts: Record<EmbedRole, string[]> = {
    query: conversations.flatMap((c) =>
      c.questions.filter(isScorable).flatMap((q) => variants.map((v) => v.query(q.question))),
    ),
    passage: conversations.flatMap((c) => c.turns.flatMap((_, i) => variants.map((v) => v.passage(c, i)))),
  };
  const caches = {} as Record<EmbedRole, VectorCache>;
  try {
    for (const role of ['query', 'passage'] as const) {
      const cache = new VectorCache(resolve(__dirname, '.cache', 'embedders', `${model}-${role}`), embedder.dimensions);
      await cache.ensure(
        texts[role],
        // the query lane runs on two threads: the bench has the model to itself
        (batch) => embedder.embed(batch, { lane: 'query', role }),
        64,
        (msg) => process.stderr.write(`${role}s: ${msg}\n`),
      );
      caches[role] = cache;
    }
  } finally {
    await embedder.close();
  }

  return caches;
}

type Half = '1-5' | '6-10';

/**
 * `npm run bench -- message-search [model] [variant numbers] [misses]`: LoCoMo evidence recall of `searchMessages`
 * on all ten conversations (each turn appended as a message of its speaker, in one channel), every variant asked
 * every question, any@10 per half (1-5: where ideas are looked at; 6-10: held out) and per category. `misses`
 * prints the service variant's misses on conversations 1-5 to stderr (never 6-10's).
 */
export async function runMessageSearchBench(
  model: string = DEFAULT_LOCAL_MODEL,
  only?: readonly number[],
  printMisses = false,
): Promise<void> {
  const conversations = loadLocomo();
  const variants = only ? VARIANTS.filter((_, i) => only.includes(i)) : VARIANTS;
  const vectors = await vectorsOf(model, variants, conversations);
  const bench = await startBenchApp({
    EMBEDDINGS: 'local',
    LOCAL_EMBEDDING_MODEL: model,
    ENGRAM_MODELS_DIR: modelsDir(),
  });
  const labels = variants.map((v) => v.label);
  const boards: Record<Half, EvidenceScoreboard<string>> = {
    '1-5': new EvidenceScoreboard(labels),
    '6-10': new EvidenceScoreboard(labels),
  };
  try {
    const store = bench.app.get<ConversationStore>(CONVERSATION_STORE);
    const search = bench.app.get(MessageSearchService);
    const service = weightsForModel(model);
    // every store first: full text scores (BM25) read the whole index, so each variant is scored on the same one
    const turnOf = new Map<string, string>();
    for (const conv of conversations) {
      for (const [v, variant] of variants.entries()) {
        for (const [i, turn] of conv.turns.entries()) {
          const vector = storedVector(variant, conv, i, vectors.passage);
          turnOf.set(await appendTurn(store, `v${v}-${conv.id}`, CHANNEL, turn, vector), turn.id);
        }
      }
    }
    for (const [c, conv] of conversations.entries()) {
      const half: Half = c < 5 ? '1-5' : '6-10';
      for (const [v, variant] of variants.entries()) {
        const weights = variant.weights ? variant.weights(service) : service;
        for (const q of conv.questions.filter(isScorable)) {
          const vector = vectors.query.get(variant.query(q.question)) ?? null;
          const hits = await search.searchWithVector(
            `v${v}-${conv.id}`,
            { query: q.question, limit: 10, scope: { channelId: CHANNEL } },
            vector,
            weights,
          );
          const ranked = hits.map((h) => turnOf.get(h.message.id) ?? '');
          boards[half].add(variant.label, q, ranked);
          if (printMisses && v === 0 && half === '1-5' && !q.evidence.some((e) => ranked.includes(e))) {
            process.stderr.write(`${JSON.stringify(missOf(conv, q, ranked))}\n`);
          }
        }
      }
      process.stderr.write(`conversation ${conv.id} scored\n`);
    }
  } finally {
    await bench.close();
  }
  const rows: Record<string, string | number>[] = (['1-5', '6-10'] as const).flatMap((half) =>
    boards[half].rows().map((r) => ({ 'scored on': half, ...r })),
  );
  process.stderr.write(`\n${markdownTable(rows.filter((r) => r.category === 'all'))}\n\n`);
  report('message-search', { model, rows }, rows);
}

function missOf(
  conv: LocomoConversation,
  q: LocomoQuestion,
  ranked: readonly string[],
): Record<string, string | number | string[]> {
  return {
    conversation: conv.id,
    category: q.category,
    question: q.question,
    evidence: q.evidence.map((id) => {
      const turn = conv.turnsById.get(id);

      return turn ? `${id} [${turn.sessionDateText}] ${turnContent(turn)}` : id;
    }),
    top3: ranked.slice(0, 3).map((id) => {
      const turn = conv.turnsById.get(id);

      return turn ? `${id} ${turnContent(turn)}` : id;
    }),
  };
}
