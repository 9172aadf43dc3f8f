import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { APPEND, SEARCH } from 'test/e2e/support/conversation-api';
import { startServerProcess } from 'test/e2e/support/server-process';
import type { ServerProcess } from 'test/e2e/support/server-process';
import { expectData, startTestApp } from 'test/e2e/support/test-app';
import type { GqlResponse, TestApp } from 'test/e2e/support/test-app';
import { defaultEmbeddingHandler, reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { FakeOpenAiServer } from 'test/support/fake-openai-server';

jest.setTimeout(180_000);

interface Hit {
  message: { id: string; content: string };
  explanation: { vector: number | null; text: number | null };
}

type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<GqlResponse<T>>;

async function append(gql: Gql, channelId: string, content: string): Promise<{ id: string; ms: number }> {
  const started = Date.now();
  const data = expectData(
    await gql<{ appendMessage: { message: { id: string } } }>(APPEND, {
      input: { channelId, role: 'ASSISTANT', content },
    }),
    'appendMessage',
  );

  return { id: data.appendMessage.message.id, ms: Date.now() - started };
}

async function hitFor(gql: Gql, channelId: string, query: string, id: string): Promise<Hit | undefined> {
  const data = expectData(
    await gql<{ searchMessages: Hit[] }>(SEARCH, { input: { query, channelId } }),
    'searchMessages',
  );

  return data.searchMessages.find((h) => h.message.id === id);
}

/** Milliseconds until the message is a vector hit of the query, polling every 20 ms up to `withinMs`; null if never. */
async function msUntilVectorHit(
  gql: Gql,
  channelId: string,
  query: string,
  id: string,
  withinMs: number,
): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if ((await hitFor(gql, channelId, query, id))?.explanation.vector != null) {
      return Date.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  return null;
}

/**
 * appendMessage answers once the message is stored (and same-turn extraction is done); its vector follows. Full
 * text finds it at once, vector search within a second, and a crash between the answer and the embedding leaves it
 * owed in the store, where the owed-work sweep embeds it.
 */
describe('message vectors follow the append', () => {
  describe('in process', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('should find the message by full text at once and by vector within a second', async () => {
      const gql: Gql = (query, variables) => t.gql(query, variables);
      const { id } = await append(gql, 'deploys', 'The staging deploy runs every Tuesday at dawn');
      const first = await hitFor(gql, 'deploys', 'staging deploy Tuesday', id);
      expect(first?.explanation.text).toEqual(expect.any(Number));

      const ms = await msUntilVectorHit(gql, 'deploys', 'staging deploy Tuesday', id, 1000);
      expect(ms).not.toBeNull();
    });
  });

  describe('over a real server process, killed before the embedding', () => {
    let fake: FakeOpenAiServer;
    let dataDir: string;
    let server: ServerProcess | undefined;
    const env = (sweepMs: number): Record<string, string> => ({
      EMBEDDINGS: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_EMBEDDING_MODEL: 'text-embedding-3-small',
      EMBEDDING_DIMENSIONS: '64',
      EMBEDDING_TIMEOUT_MS: '20000',
      OWED_EXTRACTION_GRACE_MS: '0',
      OWED_WORK_SWEEP_MS: String(sweepMs),
    });

    // embedded mode on purpose: with REDIS_URL (as CI sets it) `serve` queues the sweep for a worker it does not run
    const redisUrl = process.env['REDIS_URL'];

    beforeAll(async () => {
      delete process.env['REDIS_URL'];
      fake = await startFakeOpenAiServer();
      dataDir = mkdtempSync(join(tmpdir(), 'engram-vectors-'));
    });
    afterAll(async () => {
      if (redisUrl !== undefined) {
        process.env['REDIS_URL'] = redisUrl;
      }
      await server?.stop();
      await fake?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('should answer without waiting for the embedding, and embed the message within a sweep after a kill -9', async () => {
      // the provider holds every embedding for 20 s: the process is killed while the message's vector is pending
      fake.setEmbeddingHandler(() => reply.delay(20_000));
      server = await startServerProcess(dataDir, { ...env(600_000), OPENAI_BASE_URL: fake.url });
      const gql: Gql = (query, variables) => server!.gql(query, variables);
      const { id, ms } = await append(gql, 'ops', 'The release train leaves on Thursdays');
      expect(ms).toBeLessThan(5000);
      const requested = Date.now();
      while (!fake.requests.some((r) => r.path === '/v1/embeddings') && Date.now() - requested < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(fake.requests.some((r) => r.path === '/v1/embeddings')).toBe(true);
      await server.kill();

      const sweepMs = 1000;
      fake.setEmbeddingHandler(defaultEmbeddingHandler);
      server = await startServerProcess(dataDir, { ...env(sweepMs), OPENAI_BASE_URL: fake.url });
      // found by full text on restart; by vector once a sweep has run (the first one at most sweepMs after boot)
      expect((await hitFor(gql, 'ops', 'release train Thursdays', id))?.explanation.text).toEqual(expect.any(Number));
      const waited = await msUntilVectorHit(gql, 'ops', 'release train Thursdays', id, sweepMs + 5000);
      expect(waited).not.toBeNull();
    });
  });
});
