import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startServerProcess } from 'test/e2e/support/server-process';
import type { ServerProcess } from 'test/e2e/support/server-process';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

interface OtlpBody {
  resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

const SECRET = 'Quillback-4471 keeps the kayak at Vendsyssel pier';

/** The real entry point with OTEL_* set: the SDK's instrumentations and our spans reach an OTLP/JSON receiver. */
describe('tracing in the real process (e2e)', () => {
  let receiver: Server;
  let server: ServerProcess;
  let dataDir: string;
  const spans: OtlpSpan[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const parsed = JSON.parse(body) as OtlpBody;
        for (const resource of parsed.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            spans.push(...(scope.spans ?? []));
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    dataDir = mkdtempSync(join(tmpdir(), 'engram-otel-'));
    server = await startServerProcess(dataDir, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should export a recall under its GraphQL and HTTP spans, with store calls, and no user text', async () => {
    await server.gql('mutation($input: RememberInput!) { remember(input: $input) { outcome } }', {
      input: { content: SECRET },
    });
    await server.gql('query($input: RecallInput!) { recall(input: $input) { hits { memory { id } } } }', {
      input: { query: 'kayak Vendsyssel pier', limit: 5 },
    });
    const deadline = Date.now() + 20_000;
    while (!spans.some((s) => s.name === 'recall') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recall = spans.find((s) => s.name === 'recall');
    expect(recall).toBeDefined();
    // its trace: an HTTP server span at the root, GraphQL spans between, the recall's stages and store calls below
    await new Promise((resolve) => setTimeout(resolve, 500));
    const trace = spans.filter((s) => s.traceId === recall?.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors: string[] = [];
    for (let s = recall; s?.parentSpanId; s = byId.get(s.parentSpanId)) {
      ancestors.push(byId.get(s.parentSpanId)?.name ?? '?');
    }
    const root = trace.find((s) => !s.parentSpanId);
    expect(root?.name).toMatch(/^POST/);
    expect(ancestors.some((name) => /graphql|query/i.test(name))).toBe(true);
    expect(trace.map((s) => s.name)).toEqual(
      expect.arrayContaining(['recall.retrieval', 'store.memories.recallCandidates']),
    );
    const values = spans.flatMap((s) => (s.attributes ?? []).map((a) => JSON.stringify(a.value)));
    expect(values.filter((v) => /Quillback|kayak|Vendsyssel/i.test(v))).toEqual([]);
  }, 60_000);
});
