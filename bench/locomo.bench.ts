import { performance } from 'node:perf_hooks';

import { MemoryStatus, RelationType } from 'src/memory/memory.enums';
import { MemoryImportService } from 'src/memory/memory-import.service';
import type { ImportItem } from 'src/memory/memory-import.service';
import { searchableQuery } from 'src/recall/query-text';
import { RecallService } from 'src/recall/recall.service';
import { MEMORY_STORE } from 'src/store/memory-store.port';
import type { MemoryStore } from 'src/store/memory-store.port';
import { isScorable, LOCOMO_CATEGORY_NAMES, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import type { LocomoConversation, LocomoQuestion } from 'bench/support/locomo-dataset';
import { UseCache } from 'bench/research/use-cache';
import { startBenchApp } from 'bench/support/bench-app';
import { report, round } from 'bench/support/stats';

type Variant = 'bm25' | 'vector' | 'hybrid';
const VARIANTS: readonly Variant[] = ['bm25', 'vector', 'hybrid'];
const KS = [5, 10] as const;
const ADJACENT_WEIGHT = Number(process.env['ADJACENT_WEIGHT'] ?? 0.8);

interface Tally {
  questions: number;
  any: Record<number, number>;
  all: Record<number, number>;
}

function tally(): Tally {
  return { questions: 0, any: { 5: 0, 10: 0 }, all: { 5: 0, 10: 0 } };
}

function score(t: Tally, evidence: readonly string[], ranked: readonly string[]): void {
  t.questions++;
  for (const k of KS) {
    const top = new Set(ranked.slice(0, k));
    const found = evidence.filter((id) => top.has(id)).length;
    t.any[k]! += found > 0 ? 1 : 0;
    t.all[k]! += found === evidence.length ? 1 : 0;
  }
}

/** The memory a LoCoMo turn becomes: speaker in the content, createdAt the session date (turns a second apart). */
export function turnItems(conv: LocomoConversation): ImportItem[] {
  return conv.turns.map((turn, i) => ({
    content: turnContent(turn),
    // the turn it answers, so a reply like "Yes, last Friday!" is found by what was asked
    context: i > 0 && conv.turns[i - 1]?.session === turn.session ? turnContent(conv.turns[i - 1]!) : null,
    createdAt: new Date(turn.sessionDate.getTime() + turn.turnInSession * 1000),
    source: { role: null, channelId: `session-${turn.session}`, messageId: turn.id, taskId: null },
    ref: turn.id,
    // each turn answers the one before it in the same session
    links:
      i > 0 && conv.turns[i - 1]?.session === turn.session
        ? [{ toRef: conv.turns[i - 1]?.id ?? '', type: RelationType.RELATED_TO, weight: ADJACENT_WEIGHT }]
        : [],
  }));
}

/**
 * LoCoMo evidence recall: each conversation's turns bulk-imported into a tenant of its own, every category 1-4
 * question asked three ways in one run (BM25 only, vector only, HYBRID recall), scored by whether the evidence
 * turns are among the top 5 / 10 hits ("any" one of them, "all" of them).
 */
export async function runLocomo(from = 0, to?: number): Promise<void> {
  const started = performance.now();
  const conversations = loadLocomo().slice(from, to);
  const cache = new UseCache();
  const texts = conversations.flatMap((c) => [...c.turns.map(turnContent), ...c.questions.filter(isScorable).map((q) => q.question)]);
  await cache.ensure(texts, 16, (msg) => process.stderr.write(`${msg}\n`));
  const bench = await startBenchApp({ EMBEDDINGS: 'local' });
  const totals = Object.fromEntries(VARIANTS.map((v) => [v, tally()])) as Record<Variant, Tally>;
  const byCategory = new Map<string, Tally>();
  const queryMs: number[] = [];
  try {
    const importer = bench.app.get(MemoryImportService);
    const recall = bench.app.get(RecallService);
    const store = bench.app.get<MemoryStore>(MEMORY_STORE);
    for (const conv of conversations) {
      const tenant = `locomo-${conv.id}`;
      const items = turnItems(conv);
      const summary = await importer.importMany(
        tenant,
        items,
        items.map((item) => cache.get(item.content) ?? new Float32Array(512)),
      );
      const turnOf = new Map(summary.ids.map((id, i) => [id, conv.turns[i]?.id ?? '']));
      const questions = conv.questions.filter(isScorable);
      for (const q of questions) {
        const vector = cache.get(q.question) ?? null;
        const ranked = await rankAll(store, recall, tenant, q, vector, queryMs);
        for (const variant of VARIANTS) {
          const turns = ranked[variant].map((id) => turnOf.get(id) ?? '');
          score(totals[variant], q.evidence, turns);
          const key = `${variant}|${q.category}`;
          const t = byCategory.get(key) ?? tally();
          score(t, q.evidence, turns);
          byCategory.set(key, t);
        }
      }
      process.stderr.write(`conversation ${conv.id}: ${conv.turns.length} turns, ${questions.length} questions\n`);
    }
  } finally {
    await bench.close();
  }
  const pct = (n: number, d: number): number => round(d === 0 ? 0 : n / d, 3);
  const rows = [
    ...VARIANTS.map((v) => ({ variant: v, category: 'all' as string, t: totals[v] })),
    ...[...byCategory.entries()].map(([key, t]) => {
      const [v, c] = key.split('|');

      return { variant: v ?? '', category: `${c} ${LOCOMO_CATEGORY_NAMES[Number(c) as 1 | 2 | 3 | 4]}`, t };
    }),
  ].map(({ variant, category, t }) => ({
    variant,
    category,
    questions: t.questions,
    'any@5': pct(t.any[5]!, t.questions),
    'any@10': pct(t.any[10]!, t.questions),
    'all@5': pct(t.all[5]!, t.questions),
    'all@10': pct(t.all[10]!, t.questions),
  }));
  queryMs.sort((a, b) => a - b);
  report(
    'locomo',
    { conversations: conversations.length, totalSeconds: round((performance.now() - started) / 1000, 1), hybridMedianMs: round(queryMs[Math.floor(queryMs.length / 2)] ?? 0), rows },
    rows,
  );
}

async function rankAll(
  store: MemoryStore,
  recall: RecallService,
  tenant: string,
  q: LocomoQuestion,
  vector: Float32Array | null,
  queryMs: number[],
): Promise<Record<Variant, string[]>> {
  const visibility = { statuses: [MemoryStatus.ACTIVE] };
  const bm25 = (await store.searchText(tenant, searchableQuery(q.question), 10, visibility)).map((h) => h.id);
  const vec = vector ? (await store.searchVectors(tenant, vector, 10, visibility)).map((h) => h.id) : [];
  const t0 = performance.now();
  const hybrid = (await recall.recallWithVector(tenant, { query: q.question, limit: 10 }, vector)).hits.map((h) => h.memory.id);
  queryMs.push(performance.now() - t0);

  return { bm25, vector: vec, hybrid };
}
