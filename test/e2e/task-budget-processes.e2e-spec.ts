import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ALL_STATUSES, MemoryApi } from 'test/e2e/support/memory-api';
import type { RememberView } from 'test/e2e/support/memory-api';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { defaultEmbeddingHandler, reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { FakeOpenAiServer } from 'test/support/fake-openai-server';

/**
 * The task write budget holds across processes. Two booted apps share one SQLite file (as an API
 * and a worker, or two API processes, do) and write for the same task at once; each has its own in-process state,
 * so only a count inside the insert's transaction keeps the task within its budget. Embeddings come from the fake
 * OpenAI server after a pause, so the writes of both apps really are in flight together.
 */

const BUDGET = 4;
const topics = [
  'invoices',
  'backups',
  'certificates',
  'latency',
  'storage',
  'billing',
  'search',
  'mobile',
  'signups',
  'exports',
];
const fact = (i: number, topic: string): string =>
  `Nightly digest ${i}: the ${topic} dashboard showed ${i * 13 + 7} warnings for region number ${i + 1}`;

describe('task write budget across two apps on one SQLite file', () => {
  let dataDir: string;
  let fake: FakeOpenAiServer;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-budget-'));
    fake = await startFakeOpenAiServer();
    fake.setEmbeddingHandler(async (request) => {
      const vectors = await defaultEmbeddingHandler(request);

      return reply.delay(50, vectors);
    });
    const env = {
      ENGRAM_DATA_DIR: dataDir,
      TASK_WRITE_BUDGET: String(BUDGET),
      EMBEDDINGS: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test',
      OPENAI_EMBEDDING_MODEL: 'fake-embedding',
      EMBEDDING_DIMENSIONS: '64',
    };
    first = await startTestApp(env);
    second = await startTestApp(env);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([1, 2, 3])(
    'round %d: 20 concurrent writes of one task through both apps store exactly the budget',
    async (round) => {
      const taskId = `digest-${round}`;
      const apis = [new MemoryApi(first), new MemoryApi(second)];
      const results: RememberView[] = await Promise.all(
        topics.flatMap((topic, i) =>
          apis.map((api, a) =>
            api.remember({ content: fact(i * 2 + a, `${topic} ${round}`), source: { role: 'TASK', taskId } }),
          ),
        ),
      );

      expect(results.filter((r) => r.outcome === 'CREATED')).toHaveLength(BUDGET);
      const rejected = results.filter((r) => r.outcome === 'REJECTED');
      expect(rejected).toHaveLength(results.length - BUDGET);
      for (const r of rejected) {
        expect(r.reason).toMatch(new RegExp(`task ${taskId} has used its write budget of ${BUDGET}`));
      }
      const stored = (await apis[0]!.list(ALL_STATUSES)).filter((m) => m.source.taskId === taskId);
      expect(stored).toHaveLength(BUDGET);
    },
  );
});
