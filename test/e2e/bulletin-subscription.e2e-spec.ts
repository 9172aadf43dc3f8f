import { randomUUID } from 'node:crypto';

import { eventually, subscribeBulletins } from 'test/e2e/support/bulletin-subscription';
import type { BulletinSubscription } from 'test/e2e/support/bulletin-subscription';
import { KEYS } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { startApiAndWorker } from 'test/e2e/support/worker-process';
import type { WorkerProcess } from 'test/e2e/support/worker-process';

// a worker child process boots through ts-node: give it time on a busy machine
jest.setTimeout(120_000);

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome } }`;

describe('bulletinRefreshed over graphql-ws, produced by a separate worker process', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  const subscriptions: BulletinSubscription[] = [];

  function subscribe(key: string | null): BulletinSubscription {
    const subscription = subscribeBulletins(t.url, key);
    subscriptions.push(subscription);

    return subscription;
  }

  beforeAll(async () => {
    ({ app: t, worker } = await startApiAndWorker(REDIS_URL, `engram-test-${randomUUID()}`));
  });

  afterAll(async () => {
    await Promise.all(subscriptions.map((s) => s.dispose()));
    await worker?.stop();
    await t?.close();
  });

  it("should deliver tenant A's new bulletin to A's subscribers only, once", async () => {
    const alice = subscribe(KEYS.alice);
    const bob = subscribe(KEYS.bob);
    // let both sockets finish their handshake before anything is produced
    await new Promise((resolve) => setTimeout(resolve, 500));

    const written = await t.gql(REMEMBER, { input: { content: 'My name is Ada Lovelace', type: 'IDENTITY' } });
    expect(written.errors).toBeUndefined();
    await eventually(() => alice.received.length > 0, 30_000, 'a bulletin for alice');
    // several more sweeps run in the worker meanwhile: none may produce or publish it again
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const latest = await t.gql<{ bulletin: { id: string; content: string } }>('query { bulletin { id content } }');
    expect(alice.received).toHaveLength(1);
    expect(alice.received[0]).toMatchObject({ id: latest.data?.bulletin.id, content: latest.data?.bulletin.content });
    expect(alice.received[0]?.content).toContain("The user's name is Ada Lovelace");
    expect(bob.received).toEqual([]);
    // produced by the worker process, not by the API
    expect(worker.output()).toContain(`bulletin ${alice.received[0]?.id} for alice`);
    expect(worker.output()).not.toMatch(/ERROR/);
  });

  it('should give a client that (re)subscribes the latest bulletin at once', async () => {
    const again = subscribe(KEYS.alice);
    await eventually(() => again.received.length === 1, 10_000, 'the latest bulletin on subscribe');

    const latest = await t.gql<{ bulletin: { id: string } }>('query { bulletin { id } }');
    expect(again.received[0]?.id).toBe(latest.data?.bulletin.id);
  });

  it.each([
    ['without a key', null],
    ['with a wrong key', 'wrong-key-0000'],
  ])('should refuse a subscription %s with UNAUTHENTICATED', async (_, key) => {
    const refused = subscribe(key);
    await eventually(() => refused.closes.length > 0, 10_000, 'the socket to close');

    expect(refused.closes[0]).toEqual({ code: 4401, reason: 'UNAUTHENTICATED' });
    expect(refused.received).toEqual([]);
  });
});
