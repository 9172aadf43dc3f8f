import { performance } from 'node:perf_hooks';

import { MemoryStatus, RelationType } from 'src/memory/memory.enums';
import { MemoryImportService } from 'src/memory/memory-import.service';
import type { ImportItem } from 'src/memory/memory-import.service';
import { searchableQuery } from 'src/recall/query-text';
import { RecallService } from 'src/recall/recall.service';
import { MEMORY_STORE } from 'src/store/memory-store.port';
import type { MemoryStore } from 'src/store/memory-store.port';
import { isScorable, loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import type { LocomoConversation, LocomoQuestion } from 'bench/support/locomo-dataset';
import { UseCache } from 'bench/research/use-cache';
import { startBenchApp } from 'bench/support/bench-app';
import { EvidenceScoreboard } from 'bench/support/locomo-scoring';
import { report, round } from 'bench/support/stats';

type Variant = 'bm25' | 'vector' | 'hybrid';
const VARIANTS: readonly Variant[] = ['bm25', 'vector', 'hybrid'];
const ADJACENT_WEIGHT = Number(process.env['ADJACENT_WEIGHT'] ?? 0.8);

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
  const board = new EvidenceScoreboard(VARIANTS);
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
          board.add(variant, q, ranked[variant].map((id) => turnOf.get(id) ?? ''));
        }
      }
      process.stderr.write(`conversation ${conv.id}: ${conv.turns.length} turns, ${questions.length} questions\n`);
    }
  } finally {
    await bench.close();
  }
  const rows = board.rows();
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
