import { request } from 'node:http';
import WebSocket from 'ws';

import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { wsClient, wsRun } from 'test/e2e/support/ws-client';

interface Raw {
  status: number;
  body: string;
}

/** A request with any Host header (fetch does not let a caller set Host). */
function raw(t: TestApp, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  const url = new URL(t.url);

  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const GQL = JSON.stringify({ query: '{ memories(limit: 5) { items { content } } }' });
const REMEMBER_BODY = JSON.stringify({
  query: 'mutation { remember(input: { content: "The spare key is under the blue flowerpot" }) { outcome } }',
});
const json = { 'content-type': 'application/json' };

/** The upgrade's HTTP status (101 when the socket opened), with these headers. */
function upgradeStatus(t: TestApp, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(t.url.replace(/^http/, 'ws'), 'graphql-transport-ws', { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('error', () => undefined);
  });
}

describe('browser access (e2e)', () => {
  describe('without API keys (the open loopback tenant)', () => {
    let t: TestApp;
    let port: string;

    beforeAll(async () => {
      t = await startTestApp({ ENGRAM_API_KEYS: '', ENGRAM_ALLOWED_ORIGINS: 'https://notes.example.com' });
      port = new URL(t.url).port;
      expect((await raw(t, 'POST', '/graphql', { ...json, host: `localhost:${port}` }, REMEMBER_BODY)).status).toBe(
        200,
      );
    });

    afterAll(() => t.close());

    it('should answer every surface on loopback Host names only (DNS rebinding)', async () => {
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
        expect((await raw(t, 'POST', '/graphql', { ...json, host }, GQL)).status).toBe(200);
      }
      const evil = { host: `evil.example:${port}` };
      const refused = [
        await raw(t, 'POST', '/graphql', { ...json, ...evil }, GQL),
        await raw(t, 'GET', '/graphql?query=%7B__typename%7D', evil),
        await raw(t, 'GET', '/api/memories', evil),
        await raw(t, 'GET', '/api/export', evil),
        await raw(t, 'POST', '/api/purge', { ...json, ...evil }, JSON.stringify({ confirm: 'purge' })),
        await raw(t, 'POST', '/api/import', { 'content-type': 'application/x-ndjson', ...evil }, '{}'),
        await raw(t, 'GET', '/viewer/', evil),
        await raw(
          t,
          'POST',
          '/mcp',
          { ...json, accept: 'application/json, text/event-stream', ...evil },
          JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        ),
        await raw(t, 'POST', '/graphql', { ...json, host: '127.0.0.1.evil.example' }, GQL),
      ];
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
      expect(JSON.parse(refused[0]!.body)).toMatchObject({ error: { code: 'FORBIDDEN' } });
      // the purge did not run
      const after = await raw(t, 'POST', '/graphql', { ...json, host: `localhost:${port}` }, GQL);
      expect(after.body).toContain('blue flowerpot');
    });

    it('should refuse browser requests from other origins, and allow its own and ENGRAM_ALLOWED_ORIGINS', async () => {
      const host = `127.0.0.1:${port}`;
      const status = async (headers: Record<string, string>): Promise<number> =>
        (await raw(t, 'POST', '/graphql', { ...json, host, ...headers }, GQL)).status;
      expect(await status({ origin: 'https://evil.example' })).toBe(403);
      expect(await status({ origin: 'null' })).toBe(403);
      expect(await status({ origin: 'http://localhost:3000' })).toBe(403);
      expect(await status({ 'sec-fetch-site': 'cross-site' })).toBe(403);
      expect(await status({ 'sec-fetch-site': 'same-site' })).toBe(403);
      expect((await raw(t, 'GET', '/api/export', { host, origin: 'https://evil.example' })).status).toBe(403);
      expect(await status({ origin: `http://${host}` })).toBe(200);
      expect(await status({ 'sec-fetch-site': 'same-origin' })).toBe(200);
      expect(await status({ origin: 'https://notes.example.com' })).toBe(200);
    });

    it('should refuse a WebSocket upgrade from another Host or Origin', async () => {
      expect(await upgradeStatus(t, { host: `evil.example:${port}` })).toBe(403);
      expect(await upgradeStatus(t, { origin: 'https://evil.example' })).toBe(403);
      expect(await upgradeStatus(t, { origin: `http://127.0.0.1:${port}` })).toBe(101);
      expect(await upgradeStatus(t, { origin: 'https://notes.example.com' })).toBe(101);
      // a client that is not a browser sends no Origin
      const client = wsClient(t.url, null);
      try {
        const read = await wsRun<{ memories: { items: unknown[] } }>(
          client,
          '{ memories(limit: 5) { items { content } } }',
        );
        expect(read.results[0]?.data?.memories.items).toHaveLength(1);
      } finally {
        await client.dispose();
      }
    });
  });

  describe('with API keys', () => {
    it('should check the WebSocket Origin against ENGRAM_ALLOWED_ORIGINS when it is set', async () => {
      const t = await startTestApp({ ENGRAM_ALLOWED_ORIGINS: 'https://notes.example.com' });
      try {
        expect(await upgradeStatus(t, { origin: 'https://evil.example' })).toBe(403);
        expect(await upgradeStatus(t, { origin: 'https://notes.example.com' })).toBe(101);
        expect(await upgradeStatus(t, {})).toBe(101);
        // HTTP needs a key, which a browser does not attach by itself: any Host still answers
        const port = new URL(t.url).port;
        const keyed = await raw(
          t,
          'POST',
          '/graphql',
          { ...json, host: `engram.example.com:${port}`, authorization: `Bearer ${KEYS.alice}` },
          GQL,
        );
        expect(keyed.status).toBe(200);
      } finally {
        await t.close();
      }
    });

    it('should refuse an ENGRAM_ALLOWED_ORIGINS entry that is not an origin', async () => {
      await expect(
        startTestApp({ ENGRAM_ALLOWED_ORIGINS: 'https://ok.example.com,notes.example.com/path' }),
      ).rejects.toThrow(/ENGRAM_ALLOWED_ORIGINS/);
    });
  });
});
