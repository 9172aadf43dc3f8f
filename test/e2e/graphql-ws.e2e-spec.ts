import { getIntrospectionQuery } from 'graphql';
import type { Client } from 'graphql-ws';
import WebSocket from 'ws';

import { WS_MAX_PAYLOAD_BYTES } from 'src/graphql/graphql-ws.server';
import { GRAPHQL_LIMITS } from 'src/graphql/limits';
import { WS_UNAUTHORIZED } from 'src/graphql/ws-auth';
import { REMEMBER } from 'test/e2e/support/memory-api';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { wsClient, wsRun } from 'test/e2e/support/ws-client';
import { deepNesting, FAN_OUT_QUERY, fragmentBomb } from 'test/support/hostile-documents';

describe('graphql-ws (e2e)', () => {
  let t: TestApp;
  let alice: Client;

  beforeAll(async () => {
    t = await startTestApp();
    alice = wsClient(t.url, KEYS.alice);
  });

  afterAll(async () => {
    await alice.dispose();
    await t.close();
  });

  it('should run queries and mutations for the tenant of the connection', async () => {
    const written = await wsRun<{ remember: { outcome: string; memory: { id: string } } }>(alice, REMEMBER, {
      input: { content: 'Alice keeps her bicycle in the hallway' },
    });
    expect(written.errors).toBeUndefined();
    expect(written.results[0]!.data!.remember.outcome).toBe('CREATED');
    const read = await wsRun<{ memory: { content: string } }>(
      alice,
      'query($id: ID!) { memory(id: $id) { content } }',
      {
        id: written.results[0]!.data!.remember.memory.id,
      },
    );
    expect(read.results[0]!.data!.memory.content).toBe('Alice keeps her bicycle in the hallway');
    const bob = wsClient(t.url, KEYS.bob);
    const other = await wsRun(bob, 'query($id: ID!) { memory(id: $id) { content } }', {
      id: written.results[0]!.data!.remember.memory.id,
    });
    expect(other.results[0]!.errors!.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    await bob.dispose();
  });

  it('should format resolver errors as over HTTP: coded, no stack', async () => {
    const res = await wsRun(alice, REMEMBER, { input: { content: '   ' } });
    const errors = res.results[0]!.errors!;
    expect(errors.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(JSON.stringify(errors)).not.toMatch(/stack|at \w+ \(/);
  });

  it.each([
    ['the 40-fragment bomb', fragmentBomb(40), {}, /query cost \d+ exceeds/],
    ['a too-deep query', deepNesting(5), {}, /depth limit of 10 exceeded/],
    ['too many tokens', `{ ${'__typename '.repeat(GRAPHQL_LIMITS.maxTokens)}}`, {}, /more than 2000 tokens/],
    [
      'a fan-out through variables',
      FAN_OUT_QUERY,
      { outer: 500, inner: 200 },
      /query cost \d+ exceeds the limit of 100000/,
    ],
  ])('should refuse %s with QUERY_TOO_COMPLEX', async (_name, query, variables, message) => {
    const res = await wsRun(alice, query, variables);
    expect(res.errors!.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(res.errors![0]!.message).toMatch(message);
  });

  it('should refuse syntax and validation errors with BAD_USER_INPUT', async () => {
    expect((await wsRun(alice, '{ memories { ')).errors!.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect((await wsRun(alice, '{ nope }')).errors!.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
  });

  it('should close a connection without a valid key with 4401 before any operation', async () => {
    for (const key of [null, 'wrong-key-123']) {
      const client = wsClient(t.url, key);
      expect((await wsRun(client, '{ memories { total } }')).closeCode).toBe(WS_UNAUTHORIZED);
      await client.dispose();
    }
  });

  it('should close a socket that sends a message over the payload limit (1009)', async () => {
    const socket = new WebSocket(t.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(WS_MAX_PAYLOAD_BYTES) } }));
    expect(await closed).toBe(1009);
  });
});

describe('graphql-ws in production (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('should refuse introspection', async () => {
    const client = wsClient(t.url, KEYS.alice);
    const res = await wsRun(client, getIntrospectionQuery());
    expect(new Set(res.errors!.map((e) => e.extensions?.code))).toEqual(new Set(['BAD_USER_INPUT']));
    expect(res.errors![0]!.message).toMatch(/introspection/i);
    await client.dispose();
  });
});
