import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { MAIN_TS_ARGS } from 'test/support/main-entry';

const METRICS_TOKEN = 'metrics-token-0123456789';

function metricsUrl(t: TestApp): string {
  return t.url.replace(/\/graphql$/, '/metrics');
}

/** The value of one series in a Prometheus text exposition (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));

  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN });
  });

  afterAll(async () => {
    await t.close();
  });

  async function scrape(): Promise<string> {
    const res = await fetch(metricsUrl(t), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);

    return res.text();
  }

  it('should serve /metrics only to the METRICS_TOKEN, never to a tenant key', async () => {
    expect((await fetch(metricsUrl(t))).status).toBe(403);
    expect((await fetch(metricsUrl(t), { headers: { authorization: `Bearer ${KEYS.alice}` } })).status).toBe(403);
    expect((await fetch(metricsUrl(t), { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(403);
    expect(await scrape()).toMatch(/^engram_process_cpu_user_seconds_total /m);
  });

  it('should count GraphQL requests by operation, recall latency, write outcomes, refusals, jobs and queue depth', async () => {
    const api = new MemoryApi(t);
    await api.remember({ content: 'The observability test likes sourdough bread' });
    await api.remember({ content: 'The observability test likes sourdough bread' });
    await api.recall('sourdough');
    await t.gql('{ memories { total } }', {}, null);
    await t.post({ query: '{ nope }' });
    // recall enqueues a record-access job; the in-process runner runs it after the response
    await new Promise((resolve) => setTimeout(resolve, 200));

    const text = await scrape();

    expect(
      sample(text, 'engram_graphql_request_duration_seconds_count{operation="mutation remember",outcome="ok"}'),
    ).toBe(2);
    expect(sample(text, 'engram_graphql_request_duration_seconds_count{operation="query recall",outcome="ok"}')).toBe(
      1,
    );
    expect(
      sample(text, 'engram_graphql_request_duration_seconds_count{operation="invalid",outcome="BAD_USER_INPUT"}'),
    ).toBe(1);
    expect(sample(text, 'engram_recall_duration_seconds_count{mode="HYBRID"}')).toBe(1);
    expect(sample(text, 'engram_memory_writes_total{path="remember",outcome="CREATED"}')).toBe(1);
    expect(sample(text, 'engram_memory_writes_total{path="remember",outcome="REINFORCED"}')).toBe(1);
    expect(sample(text, 'engram_unauthenticated_total{surface="graphql"}')).toBe(1);
    expect(sample(text, 'engram_job_runs_total{job="record-access",result="completed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'engram_queue_jobs{queue="maintenance",state="active"}')).toBe(0);
  });
});

describe('logs (e2e)', () => {
  let child: ChildProcessWithoutNullStreams;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-logs-'));
    child = spawn(process.execPath, [...MAIN_TS_ARGS, 'serve'], {
      cwd: projectRoot(),
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        ENGRAM_DATA_DIR: dataDir,
        ENGRAM_API_KEYS: `alice:${KEYS.alice}`,
        EMBEDDINGS: 'hash',
        HOST: '127.0.0.1',
        PORT: '0',
      },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    while (!/GraphQL on http/.test(output)) {
      if (Date.now() - started > 60_000 || child.exitCode !== null) {
        throw new Error(`the server did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);

  afterAll(() => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should write one JSON line per request in production, with its request id and without the API key', async () => {
    const lines = (): Record<string, unknown>[] =>
      output
        .split('\n')
        .filter((l) => l.trim().length > 0)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const boot = lines().find((l) => typeof l['msg'] === 'string' && l['msg'].includes('GraphQL on http'));
    const port = /:(\d+)\/graphql/.exec(String(boot?.['msg']))?.[1];
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${KEYS.alice}`,
        'x-request-id': 'trace-abc-123',
      },
      body: JSON.stringify({ query: '{ memories { total } }' }),
    });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
    const fresh = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'not a sane id; drop table' },
      body: JSON.stringify({ query: '{ memories { total } }' }),
    });
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const requestLine = lines().find((l) => (l['req'] as { id?: string } | undefined)?.id === 'trace-abc-123');
    expect(requestLine).toMatchObject({
      level: 30,
      req: { method: 'POST', url: '/graphql' },
      res: { statusCode: 200 },
    });
    expect(output).not.toContain(KEYS.alice);
  });

  it('should log the path and the number of query parameters, never their names or values', async () => {
    const boot = output.split('\n').find((l) => l.includes('GraphQL on http'));
    const port = /:(\d+)\/graphql/.exec(String(boot))?.[1];
    const headers = { authorization: `Bearer ${KEYS.alice}`, 'x-request-id': 'trace-query-1' };
    await fetch(`http://127.0.0.1:${port}/api/memories?q=my%20secret%20diagnosis&limit=5`, { headers });
    await fetch(`http://127.0.0.1:${port}/graphql?query=%7Bmemories%7Btotal%7D%7D%23hidden-illness`, {
      headers: { ...headers, 'x-request-id': 'trace-query-2' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(output).toContain('"url":"/api/memories?(2)"');
    expect(output).toContain('"url":"/graphql?(1)"');
    expect(output).not.toMatch(/secret|diagnosis|hidden-illness/);
  });
});
