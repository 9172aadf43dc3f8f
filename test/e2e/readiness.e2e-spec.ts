import { STORE_CONNECTION } from 'src/store/store-connection';
import type { StoreConnection } from 'src/store/store-connection';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { startPrivateRedis } from 'test/support/private-redis';
import type { PrivateRedis } from 'test/support/private-redis';

interface ReadyBody {
  status: string;
  checks: { store: boolean; redis: boolean | null; embeddings: boolean };
}

async function probe(t: TestApp, path: '/readyz' | '/healthz'): Promise<{ status: number; body: ReadyBody }> {
  const response = await fetch(t.url.replace(/\/graphql$/, path));

  return { status: response.status, body: (await response.json()) as ReadyBody };
}

// the local model loads in a worker thread: seconds on a busy machine
jest.setTimeout(60_000);

describe('readiness (e2e)', () => {
  describe('while the local embedding model loads', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ EMBEDDINGS: 'local' });
    });

    afterAll(async () => {
      await t.close();
    });

    it('should be alive at once but ready only once the model is loaded', async () => {
      // the model loads in worker threads from boot on (about 0.5 s a thread): the first probe comes before that
      const first = await probe(t, '/readyz');
      expect(first).toEqual({
        status: 503,
        body: { status: 'not-ready', checks: { store: true, redis: null, embeddings: false } },
      });
      expect((await probe(t, '/healthz')).status).toBe(200);

      const deadline = Date.now() + 60_000;
      let last = first;
      while (last.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        last = await probe(t, '/readyz');
      }
      expect(last).toEqual({
        status: 200,
        body: { status: 'ready', checks: { store: true, redis: null, embeddings: true } },
      });
    }, 70_000);
  });

  describe('with the store stopped', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp();
    });

    afterAll(async () => {
      await t.close();
    });

    it('should be ready while the store answers and not ready once it stops', async () => {
      expect((await probe(t, '/readyz')).status).toBe(200);

      await t.app.get<StoreConnection>(STORE_CONNECTION).close();

      expect(await probe(t, '/readyz')).toEqual({
        status: 503,
        body: { status: 'not-ready', checks: { store: false, redis: null, embeddings: true } },
      });
    });
  });

  describe('with Redis configured', () => {
    let redis: PrivateRedis;
    let t: TestApp;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      t = await startTestApp({ REDIS_URL: redis.url, QUEUE_PREFIX: `engram-readyz-${process.pid}` });
    });

    afterAll(async () => {
      await t?.close();
      await redis?.stop();
    });

    it('should be not ready while Redis is stopped and ready again once it is back', async () => {
      expect((await probe(t, '/readyz')).body.checks.redis).toBe(true);

      await redis.stop();
      expect(await probe(t, '/readyz')).toEqual({
        status: 503,
        body: { status: 'not-ready', checks: { store: true, redis: false, embeddings: true } },
      });

      await redis.start();
      const deadline = Date.now() + 20_000;
      let last = await probe(t, '/readyz');
      while (last.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        last = await probe(t, '/readyz');
      }
      expect(last.status).toBe(200);
    }, 40_000);
  });
});
