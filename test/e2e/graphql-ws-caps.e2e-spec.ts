import WebSocket from 'ws';

import { WS_RATE_LIMITED } from 'src/graphql/graphql-ws';
import {
  MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET,
  MAX_OPERATIONS_PER_SOCKET_WINDOW,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  MAX_SUBSCRIPTIONS_PER_TENANT,
} from 'src/graphql/ws-operation-caps';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

interface Frame {
  id?: string;
  type: string;
  payload?: { message?: string; extensions?: { code?: string } }[];
}

/** A raw graphql-transport-ws socket, acknowledged, that records every frame and its close code. */
async function openSocket(
  url: string,
  key: string,
): Promise<{ socket: WebSocket; frames: Frame[]; closed: Promise<number> }> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), 'graphql-transport-ws');
  const frames: Frame[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as Frame));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } }));
  await until(() => frames.some((f) => f.type === 'connection_ack'));

  return { socket, frames, closed };
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const SUBSCRIBE = 'subscription { bulletinRefreshed { id } }';
const codesOf = (frames: Frame[]): (string | undefined)[] =>
  frames.filter((f) => f.type === 'error').flatMap((f) => (f.payload ?? []).map((e) => e.extensions?.code));

describe('graphql-ws operation caps (e2e)', () => {
  let t: TestApp;
  // hundreds of operations, each prepared in its own event-loop turn: seconds on a loaded 2-core machine
  jest.setTimeout(30_000);

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('should refuse subscriptions past the cap of one socket with RATE_LIMITED, and count a completed one out', async () => {
    const { socket, frames } = await openSocket(t.url, KEYS.alice);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET + 3; i++) {
      socket.send(JSON.stringify({ id: `s${i}`, type: 'subscribe', payload: { query: SUBSCRIBE } }));
    }
    await until(() => codesOf(frames).length >= 3);
    expect(codesOf(frames)).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
    socket.send(JSON.stringify({ id: 's0', type: 'complete' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.send(JSON.stringify({ id: 'again', type: 'subscribe', payload: { query: SUBSCRIBE } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(codesOf(frames)).toHaveLength(3);
    socket.close();
  });

  it('should refuse subscriptions past the cap of one tenant, over all its sockets', async () => {
    const sockets = await Promise.all(
      Array.from({ length: MAX_SUBSCRIPTIONS_PER_TENANT / MAX_SUBSCRIPTIONS_PER_SOCKET + 1 }, () =>
        openSocket(t.url, KEYS.bob),
      ),
    );
    for (const [n, { socket }] of sockets.entries()) {
      for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) {
        socket.send(JSON.stringify({ id: `s${n}-${i}`, type: 'subscribe', payload: { query: SUBSCRIBE } }));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const last = sockets[sockets.length - 1]!;
    await until(() => codesOf(last.frames).length >= MAX_SUBSCRIPTIONS_PER_SOCKET);
    expect(new Set(codesOf(last.frames))).toEqual(new Set(['RATE_LIMITED']));
    expect(codesOf(last.frames)).toHaveLength(MAX_SUBSCRIPTIONS_PER_SOCKET);
    // alice is another tenant: her subscriptions do not count against bob's
    const alice = await openSocket(t.url, KEYS.alice);
    alice.socket.send(JSON.stringify({ id: 'a', type: 'subscribe', payload: { query: SUBSCRIBE } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(codesOf(alice.frames)).toEqual([]);
    for (const { socket } of [...sockets, alice]) {
      socket.close();
    }
  });

  it('should close a socket that starts more operations at once than the cap, with 4429', async () => {
    const { socket, closed } = await openSocket(t.url, KEYS.alice);
    const burst = Array.from({ length: MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET * 3 }, (_, i) =>
      JSON.stringify({ id: `q${i}`, type: 'subscribe', payload: { query: '{ memories { total } }' } }),
    );
    for (const frame of burst) {
      socket.send(frame);
    }
    expect(await closed).toBe(WS_RATE_LIMITED);
  });

  it('should close a socket that starts over the cap of operations in a window, though none stays in flight', async () => {
    const { socket, closed } = await openSocket(t.url, KEYS.alice);
    const reason = new Promise<string>((resolve) => socket.once('close', (_code, why: Buffer) => resolve(String(why))));
    // small batches, each answered before the next: never many in flight at once, but many started within the window
    for (
      let batch = 0;
      batch * 10 <= MAX_OPERATIONS_PER_SOCKET_WINDOW && socket.readyState === WebSocket.OPEN;
      batch++
    ) {
      for (let i = 0; i < 10; i++) {
        socket.send(JSON.stringify({ id: `w${batch}-${i}`, type: 'subscribe', payload: { query: 'query { nope }' } }));
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await closed).toBe(WS_RATE_LIMITED);
    expect(await reason).toMatch(/operations in/);
  });
});
