import { randomUUID } from 'node:crypto';

import { eventually, subscribeBulletins } from 'test/e2e/support/bulletin-subscription';
import type { BulletinSubscription } from 'test/e2e/support/bulletin-subscription';
import { KEYS } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { startApiAndWorker } from 'test/e2e/support/worker-process';
import type { WorkerProcess } from 'test/e2e/support/worker-process';
import { startPrivateRedis } from 'test/support/private-redis';
import type { PrivateRedis } from 'test/support/private-redis';

jest.setTimeout(180_000);

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome } }`;

/** Redis of its own (no persistence), so the test can crash it and bring it back empty. */
describe('Bulletins while Redis goes away and comes back', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let worker: WorkerProcess;
  let alice: BulletinSubscription;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    ({ app: t, worker } = await startApiAndWorker(redis.url, `engram-test-${randomUUID()}`));
    alice = subscribeBulletins(t.url, KEYS.alice);
    await new Promise((resolve) => setTimeout(resolve, 500));
  });

  afterAll(async () => {
    await alice?.dispose();
    await worker?.stop();
    await t?.close();
    await redis?.stop();
  });

  it('should keep answering queries, then resume the jobs and deliver the next bulletin to the same subscriber', async () => {
    await t.gql(REMEMBER, { input: { content: 'My name is Ada Lovelace', type: 'IDENTITY' } });
    await eventually(() => alice.received.length === 1, 30_000, 'the first bulletin');

    await redis.stop();
    const remembered = await t.gql<{ remember: { outcome: string } }>(REMEMBER, {
      input: { content: 'I prefer green tea in the morning', type: 'PREFERENCE' },
    });
    const recalled = await t.gql<{ recall: { hits: unknown[] } }>(
      'query { recall(input: { query: "tea" }) { hits { score } } }',
    );
    const latest = await t.gql<{ bulletin: { id: string } }>('query { bulletin { id } }');
    const refreshed = await t.gql<{ refreshBulletin: { id: string; content: string } }>(
      'mutation { refreshBulletin { id content } }',
    );

    expect(remembered.data?.remember.outcome).toBe('CREATED');
    expect(recalled.data?.recall.hits.length).toBeGreaterThan(0);
    expect(latest.data?.bulletin.id).toBe(alice.received[0]?.id);
    expect(refreshed.errors).toBeUndefined();
    expect(refreshed.data?.refreshBulletin.content).toContain('green tea');

    await redis.start();
    await t.gql(REMEMBER, { input: { content: 'Decided to write the notes in English', type: 'DECISION' } });
    await eventually(
      () => alice.received.some((b) => b.content.includes('Decided to write the notes')),
      60_000,
      'a bulletin made by the worker after Redis came back',
    ).catch((error: unknown) => {
      // what the worker said is the only trace of why it made no bulletin
      throw new Error(`${(error as Error).message}; the worker's last output:\n${worker.output().slice(-4_000)}`);
    });

    expect(alice.closes).toEqual([]);
    const ids = alice.received.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
