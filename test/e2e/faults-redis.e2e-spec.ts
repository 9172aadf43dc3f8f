import { randomUUID } from 'node:crypto';

import type { IntegrityReport } from 'src/store/integrity-store.port';
import { eventually } from 'test/e2e/support/bulletin-subscription';
import { APPEND, CHANNEL, CONFIGURE } from 'test/e2e/support/conversation-api';
import type { TestApp } from 'test/e2e/support/test-app';
import { startApiAndWorker } from 'test/e2e/support/worker-process';
import type { WorkerProcess } from 'test/e2e/support/worker-process';
import { storeIntegrity } from 'test/support/integrity';
import { startPrivateRedis } from 'test/support/private-redis';
import type { PrivateRedis } from 'test/support/private-redis';

jest.setTimeout(120_000);

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;
const RECALL = `query($q: String!) { recall(input: { query: $q, limit: 5 }) { hits { score } } }`;
// every status: a write may retire an earlier note it updates, which is not a loss
const COUNT = `query { memories(filter: { statuses: [ACTIVE, SUPERSEDED, FORGOTTEN, QUARANTINED] }, limit: 1) { total } }`;
const CLIENTS = 6;

interface Outcome {
  op: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/**
 * Redis (the job queues' and the worker's) killed under load and started again empty, as a crashed Redis without
 * persistence comes back: the API keeps answering, the jobs (compaction of a busy channel) run again once it is back,
 * and nothing is written twice.
 */
describe('Redis stopped and started under load', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let worker: WorkerProcess;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    ({ app: t, worker } = await startApiAndWorker(redis.url, `engram-fault-${randomUUID()}`));
  });

  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await redis?.stop();
  });

  const integrity = (): Promise<IntegrityReport> => storeIntegrity(t.config);

  it('should answer every request, resume compaction and write nothing twice', async () => {
    const channelId = 'busy';
    await t.gql(CONFIGURE, { input: { channelId, tokenBudget: 120 } });
    const outcomes: Outcome[] = [];
    const remembered = new Set<string>();
    let sequence = 0;
    let running = true;
    const timed = async (op: string, work: () => Promise<{ errors?: { message: string }[] }>): Promise<void> => {
      const started = Date.now();
      try {
        const res = await work();
        outcomes.push({ op, ok: res.errors === undefined, ms: Date.now() - started, error: res.errors?.[0]?.message });
      } catch (error) {
        outcomes.push({ op, ok: false, ms: Date.now() - started, error: String(error) });
      }
    };
    const client = async (): Promise<void> => {
      while (running) {
        const i = sequence++;
        const content = `Load note ${i}: the rota for week ${i} puts team ${i % 7} on call.`;
        await timed('remember', async () => {
          const res = await t.gql<{ remember: { outcome: string } }>(REMEMBER, { input: { content, type: 'EVENT' } });
          if (res.data?.remember.outcome === 'CREATED') {
            remembered.add(content);
          }

          return res;
        });
        await timed('recall', () => t.gql(RECALL, { q: `who is on call in week ${i}` }));
        await timed('appendMessage', () =>
          t.gql(APPEND, {
            input: { channelId, role: 'ASSISTANT', content: `Noted: week ${i} belongs to team ${i % 7}, as planned.` },
          }),
        );
      }
    };
    const load = Array.from({ length: CLIENTS }, () => client());
    const summaryCount = async (): Promise<number> =>
      (await integrity()).tenants.find((c) => c.tenantId === 'alice')?.summaries ?? 0;

    await new Promise((resolve) => setTimeout(resolve, 2000));
    await redis.stop();
    const stoppedAt = outcomes.length;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await redis.start();
    const atRestart = await summaryCount();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    running = false;
    await Promise.all(load);

    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(stoppedAt);
    const slowest = Object.fromEntries(
      ['remember', 'recall', 'appendMessage'].map((op) => [
        op,
        Math.max(...outcomes.filter((o) => o.op === op).map((o) => o.ms)),
      ]),
    );
    process.stderr.write(
      `redis outage: ${outcomes.length} requests, ${stoppedAt} before the stop, slowest (ms) ${JSON.stringify(slowest)}\n`,
    );

    // jobs resume: the busy channel is compacted again after Redis came back (empty, so by jobs queued since)
    let extra = 0;
    await eventually(
      async () => {
        await t.gql(APPEND, {
          input: { channelId, role: 'ASSISTANT', content: `After the outage, note ${extra++} for the busy channel.` },
        });

        return (await summaryCount()) > atRestart;
      },
      30_000,
      `a compaction after Redis came back (worker:\n${worker.output().slice(-2000)})`,
    );
    const channel = await t.gql<{ channel: { summary: string | null } }>(CHANNEL, { id: channelId });
    expect(channel.data?.channel.summary).toEqual(expect.any(String));

    // nothing doubled or lost: one memory per created remember, and a clean store (one summary per message, no torn rows)
    const count = await t.gql<{ memories: { total: number } }>(COUNT);
    expect(count.data?.memories.total).toBe(remembered.size);
    expect((await integrity()).problems).toEqual([]);
  });
});
