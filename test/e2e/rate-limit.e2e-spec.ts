import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

import { WS_RATE_LIMITED } from 'src/graphql/graphql-ws';
import { MAX_MCP_BATCH } from 'src/mcp/mcp.controller';
import { codes, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { HttpGqlResponse, TestApp } from 'test/e2e/support/test-app';
import { wsClient, wsRun } from 'test/e2e/support/ws-client';
import { deleteRedisKeys, TEST_REDIS_URL } from 'test/support/redis';

const QUERY = '{ memories { total } }';

function expectRateLimited(res: HttpGqlResponse<unknown>): void {
  expect(res.status).toBe(429);
  expect(codes(res.body)).toEqual(['RATE_LIMITED']);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.body.errors![0]!.extensions).toEqual({ code: 'RATE_LIMITED', retryAfter });
}

describe('rate limits (e2e)', () => {
  describe('per tenant', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    });

    afterAll(async () => {
      await t.close();
    });

    it('should answer RATE_LIMITED with HTTP 429 and Retry-After once a tenant is over its limit, other tenants unaffected', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await t.post({ query: QUERY })).status).toBe(200);
      }
      expectRateLimited(await t.post({ query: QUERY }));
      expect((await t.post({ query: QUERY }, KEYS.bob)).status).toBe(200);
    });

    it('should count graphql-ws connection attempts and operations against the tenant', async () => {
      // bob has used 1 of 3: the connection takes the 2nd, the first operation the 3rd, the next is refused
      const bob = wsClient(t.url, KEYS.bob);
      expect((await wsRun(bob, QUERY)).results[0]!.errors).toBeUndefined();
      const refused = await wsRun(bob, QUERY);
      expect(refused.errors!.map((e) => e.extensions?.code)).toEqual(['RATE_LIMITED']);
      await bob.dispose();
      const again = wsClient(t.url, KEYS.bob);
      expect((await wsRun(again, QUERY)).closeCode).toBe(WS_RATE_LIMITED);
      await again.dispose();
    });
  });

  describe('per JSON-RPC call over MCP', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    });

    afterAll(async () => {
      await t.close();
    });

    const mcp = (body: unknown): Promise<Response> =>
      fetch(`${t.url.replace(/\/graphql$/, '')}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEYS.alice}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(body),
      });
    const call = (id: number): Record<string, unknown> => ({ jsonrpc: '2.0', id, method: 'tools/list' });

    it('should count every call of a batch against the tenant, and refuse a batch over the cap with BAD_USER_INPUT', async () => {
      const tooLong = await mcp(Array.from({ length: MAX_MCP_BATCH + 1 }, (_, i) => call(i)));
      expect(tooLong.status).toBe(400);
      expect(await tooLong.json()).toMatchObject({ error: { data: { code: 'BAD_USER_INPUT' } } });
      // 6 calls through a limit of 5 in one POST: refused as six requests would be, and bob is untouched
      const batch = await mcp(Array.from({ length: 6 }, (_, i) => call(i)));
      expect(batch.status).toBe(429);
      expect(await batch.json()).toMatchObject({ error: { data: { code: 'RATE_LIMITED' } } });
      expect((await t.post({ query: QUERY }, KEYS.bob)).status).toBe(200);
    });
  });

  describe('per client address, before authentication', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '4' });
    });

    afterAll(async () => {
      await t.close();
    });

    it('should refuse an address over its limit whatever key it sends', async () => {
      expect((await t.post({ query: QUERY }, 'wrong-key-123')).status).toBe(401);
      expect((await t.post({ query: QUERY }, null)).status).toBe(401);
      expect((await t.post({ query: QUERY })).status).toBe(200);
      expect((await t.post({ query: QUERY }, KEYS.bob)).status).toBe(200);
      expectRateLimited(await t.post({ query: QUERY }, 'wrong-key-123'));
      expectRateLimited(await t.post({ query: QUERY }));
    });

    it('should refuse the WebSocket upgrade of an address over its limit with HTTP 429', async () => {
      const socket = new WebSocket(t.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
      const status = await new Promise<number>((resolve) => {
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('open', () => resolve(101));
        socket.once('error', () => undefined);
      });
      socket.terminate();
      expect(status).toBe(429);
    });
  });

  describe('shared by two processes through Redis', () => {
    const prefix = `engram-test-rate-e2e-${randomUUID()}`;
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      const env = { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '4' };
      first = await startTestApp(env);
      second = await startTestApp(env);
    });

    afterAll(async () => {
      await first.close();
      await second.close();
      await deleteRedisKeys(prefix);
    });

    it("should count a tenant's requests to either app against one limit", async () => {
      for (const app of [first, second, first, second]) {
        expect((await app.post({ query: QUERY })).status).toBe(200);
      }
      expectRateLimited(await first.post({ query: QUERY }));
      expectRateLimited(await second.post({ query: QUERY }));
    });
  });
});
