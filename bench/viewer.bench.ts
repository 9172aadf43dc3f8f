import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { startBenchApp } from 'bench/support/bench-app';
import { loadLocomo, turnContent } from 'bench/support/locomo-dataset';
import { report, round, summarize } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MemoryType, RelationType } from 'src/domain/memory.enums';
import { MemoryImportService } from 'src/memory/memory-import.service';
import type { ImportItem } from 'src/memory/memory-import.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { rng } from 'test/support/seeded-random';

/**
 * What the memory viewer asks of a large tenant, over HTTP through the REST API: list pages (first, every page by
 * cursor, filtered), one memory with its associations and provenance, its two-hop neighbourhood, search, channels
 * and a channel's messages. `npm run bench -- viewer [memories...]` (default 10000 100000).
 */
const TENANT = 'bench';
const KEY = 'bench-key-0001';
const IMPORT_CHUNK = 5000;
const LINKS_PER_MEMORY = 3;
const CHANNELS = 200;
const MESSAGES_PER_CHANNEL = 50;
const SAMPLES = 200;
const WARMUP = 20;
const TYPES = Object.values(MemoryType);
const TAGS = ['work', 'family', 'health', 'travel', 'money', 'food', 'music', 'sport'];

async function timed(samples: number[], fn: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await fn();
  samples.push(performance.now() - started);
}

async function get(base: string, path: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  if (!response.ok) {
    throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  }

  return response.json();
}

/** Runs `fn` WARMUP times unmeasured, then SAMPLES times measured. */
async function measure(fn: (i: number) => Promise<unknown>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP; i++) {
    await fn(i);
  }
  for (let i = 0; i < SAMPLES; i++) {
    await timed(samples, () => fn(WARMUP + i));
  }

  return summarize(samples);
}

async function seed(
  importer: MemoryImportService,
  embedder: Embedder,
  conversations: ConversationStore,
  size: number,
): Promise<string[]> {
  const turns = loadLocomo().flatMap((c) => c.turns);
  const random = rng(11);
  const ids: string[] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let offset = 0; offset < size; offset += IMPORT_CHUNK) {
    const count = Math.min(IMPORT_CHUNK, size - offset);
    const items: ImportItem[] = Array.from({ length: count }, (_, j) => {
      const i = offset + j;
      const turn = turns[i % turns.length];
      const links =
        j === 0
          ? []
          : Array.from({ length: LINKS_PER_MEMORY }, () => ({
              toRef: String(Math.floor(random() * j)),
              type: RelationType.RELATED_TO,
              weight: 0.5 + random() / 2,
            }));

      return {
        ref: String(j),
        content: `${turn ? turnContent(turn) : 'memory'} [${i}]`,
        type: TYPES[i % TYPES.length],
        tags: [TAGS[i % TAGS.length] ?? 'work'],
        createdAt: new Date(start + i * 60_000),
        links: [...new Map(links.map((link) => [link.toRef, link])).values()],
      };
    });
    const vectors = await embedder.embed(items.map((item) => item.content));
    ids.push(...(await importer.importMany(TENANT, items, vectors, { trusted: true })).ids);
  }
  for (let c = 0; c < CHANNELS; c++) {
    for (let m = 0; m < MESSAGES_PER_CHANNEL; m++) {
      await conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId: TENANT,
          channelId: `channel-${String(c).padStart(4, '0')}`,
          role: m % 2 === 0 ? MessageRole.USER : MessageRole.ASSISTANT,
          speaker: null,
          trust: Trust.GUARDIAN,
          content: turnContent(turns[(c * MESSAGES_PER_CHANNEL + m) % turns.length] ?? turns[0]!),
          tokenCount: 20,
          createdAt: new Date(start + (c * MESSAGES_PER_CHANNEL + m) * 1000),
          extractedAt: new Date(),
        },
        vector: null,
        projectId: null,
      });
    }
  }

  return ids;
}

export async function runViewerBench(sizes: number[]): Promise<void> {
  const questions = loadLocomo()
    .flatMap((c) => c.questions.map((q) => q.question))
    .slice(0, WARMUP + SAMPLES);
  const results: Record<string, unknown>[] = [];
  const rows: Record<string, string | number>[] = [];
  for (const size of sizes) {
    const bench = await startBenchApp({
      EMBEDDINGS: 'hash',
      EMBEDDING_DIMENSIONS: '512',
      ENGRAM_API_KEYS: `${TENANT}:${KEY}`,
      RATE_LIMIT_PER_MINUTE: '0',
    });
    try {
      const base = bench.url.replace(/\/graphql$/, '');
      const started = performance.now();
      const ids = await seed(
        bench.app.get(MemoryImportService),
        bench.app.get<Embedder>(EMBEDDER),
        bench.app.get<ConversationStore>(CONVERSATION_STORE),
        size,
      );
      process.stderr.write(`size ${size}: seeded in ${round((performance.now() - started) / 1000, 1)} s\n`);
      const random = rng(7);
      const pick = (): string => ids[Math.floor(random() * ids.length)] ?? '';
      let cursor: string | null = null;
      const cases: [string, (i: number) => Promise<unknown>][] = [
        ['GET /api/memories (first page of 50)', () => get(base, '/api/memories?limit=50')],
        [
          'GET /api/memories (next page by cursor)',
          async () => {
            const page = (await get(base, `/api/memories?limit=50${cursor ? `&cursor=${cursor}` : ''}`)) as {
              nextCursor: string | null;
            };
            cursor = page.nextCursor;
          },
        ],
        ['GET /api/memories?types=FACT&tags=work', () => get(base, '/api/memories?limit=50&types=FACT&tags=work')],
        ['GET /api/memories/:id (50 associations)', () => get(base, `/api/memories/${pick()}?associations=50`)],
        [
          'GET /api/memories/:id/graph (2 hops, 60 nodes)',
          () => get(base, `/api/memories/${pick()}/graph?hops=2&maxNodes=60`),
        ],
        [
          'GET /api/memories/search?q= (HYBRID, 10 hits)',
          (i) =>
            get(
              base,
              `/api/memories/search?limit=10&q=${encodeURIComponent(questions[i % questions.length] ?? 'what')}`,
            ),
        ],
        [
          'POST /graphql recall (the same queries, for comparison)',
          (i) =>
            fetch(bench.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
              body: JSON.stringify({
                query:
                  'query($q: String!) { recall(input: { query: $q, limit: 10 }) { tookMs hits { score tier explanation { vector text graph rrf relevance importance confidence recency scope } memory { id type content status scope channelId tags createdAt } } } }',
                variables: { q: questions[i % questions.length] ?? 'what' },
              }),
            }).then((r) => r.json()),
        ],
        ['GET /api/channels (first page of 50)', () => get(base, '/api/channels?limit=50')],
        [
          'GET /api/channels/:id/messages (50)',
          (i) => get(base, `/api/channels/channel-${String(i % CHANNELS).padStart(4, '0')}/messages?limit=50`),
        ],
      ];
      const summary: Record<string, unknown> = { size, channels: CHANNELS, messages: CHANNELS * MESSAGES_PER_CHANNEL };
      for (const [name, fn] of cases) {
        const s = await measure(fn);
        summary[name] = s;
        rows.push({ memories: size, request: name, 'median ms': round(s.median), 'p95 ms': round(s.p95) });
      }
      results.push(summary);
    } finally {
      await bench.close();
    }
  }
  report('viewer', results, rows);
}
