import { node, tracing } from '@opentelemetry/sdk-node';

import { enableTracing } from 'src/common/tracing';
import { ConversationApi } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { lastRoot, spanPaths, spanTree } from 'test/support/span-tree';

// The SDK's own provider with an in-memory exporter, registered before the app boots (the stores are wrapped then).
const exporter = new tracing.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
provider.register();
enableTracing();

const SECRET = 'Zanzibar-7731 likes the cardamom buns at Ottilia bakery';
const QUERY = 'cardamom buns Ottilia';

/** SQLite always; Neo4j as well when NEO4J_URI (and NEO4J_PASSWORD) point at a server. */
const ADAPTERS: [string, Record<string, string>][] = [
  ['sqlite', {}],
  ...(process.env['NEO4J_URI']
    ? [
        [
          'neo4j',
          {
            STORE: 'neo4j',
            NEO4J_URI: process.env['NEO4J_URI'],
            NEO4J_PASSWORD: process.env['NEO4J_PASSWORD'] ?? '',
            ...(process.env['NEO4J_DATABASE'] ? { NEO4J_DATABASE: process.env['NEO4J_DATABASE'] } : {}),
          },
        ] as [string, Record<string, string>],
      ]
    : []),
];

describe.each(ADAPTERS)('traces (e2e, %s)', (kind, env) => {
  let t: TestApp;
  const system = kind;

  beforeAll(async () => {
    t = await startTestApp(env);
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(() => exporter.reset());

  it('should trace a remember: the write, its embedding and each store call', async () => {
    await new MemoryApi(t).remember({ content: SECRET });
    const spans = exporter.getFinishedSpans();
    const paths = spanPaths(spanTree(spans, lastRoot(spans, 'remember')));

    expect(paths).toEqual(
      expect.arrayContaining([
        'remember',
        'remember > remember.embed',
        'remember > store.memories.findByFingerprint',
        'remember > store.memories.insertMemory',
      ]),
    );
    expect(paths.filter((p) => p.includes('store.')).length).toBeGreaterThan(2);
    const store = spans.find((s) => s.name === 'store.memories.insertMemory');
    expect(store?.attributes['db.system']).toBe(system);
  });

  it('should trace a recall stage by stage, and link the job it queued back to it', async () => {
    await new MemoryApi(t).remember({ content: SECRET });
    exporter.reset();
    const hits = await new MemoryApi(t).recall(QUERY);
    expect(hits.length).toBeGreaterThan(0);
    // the record-access job runs after the answer
    await new Promise((resolve) => setTimeout(resolve, 300));
    const spans = exporter.getFinishedSpans();
    const recall = lastRoot(spans, 'recall');

    expect(spanPaths(spanTree(spans, recall))).toEqual(
      expect.arrayContaining([
        'recall',
        'recall > recall.embed_query',
        'recall > recall.retrieval',
        'recall > recall.retrieval > store.memories.recallCandidates',
        'recall > recall.fusion',
      ]),
    );
    expect(recall.attributes).toEqual({ 'engram.recall.mode': 'HYBRID', 'engram.recall.limit': 50 });

    const job = lastRoot(spans, 'job record-access');
    expect(job.links.map((l) => l.context.spanId)).toEqual([recall.spanContext().spanId]);
    expect(job.links[0]?.context.traceId).toBe(recall.spanContext().traceId);
    expect(spanPaths(spanTree(spans, job))).toContain('job record-access > store.memories.recordAccess');
  });

  it('should trace an appendMessage, and its message vectors in a batch of their own', async () => {
    await new ConversationApi(t).append({ channelId: `trace-${kind}`, content: SECRET, speaker: 'Ottilia' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const spans = exporter.getFinishedSpans();

    expect(spanPaths(spanTree(spans, lastRoot(spans, 'append_message')))).toEqual(
      expect.arrayContaining([
        'append_message',
        'append_message > store.conversations.getChannel',
        'append_message > store.conversations.appendMessage',
        'append_message > append_message.same_turn',
      ]),
    );
    expect(spanPaths(spanTree(spans, lastRoot(spans, 'message_vectors.batch')))).toContain(
      'message_vectors.batch > store.conversations.saveMessageVectors',
    );
  });

  it('should put no user text in any span attribute', async () => {
    await new MemoryApi(t).remember({ content: SECRET });
    await new MemoryApi(t).recall(QUERY);
    await new ConversationApi(t).append({ channelId: `trace-${kind}`, content: SECRET });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const values = exporter.getFinishedSpans().flatMap((s) => Object.values(s.attributes).map(String));

    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((v) => /Zanzibar|cardamom|Ottilia/i.test(v))).toEqual([]);
  });
});
