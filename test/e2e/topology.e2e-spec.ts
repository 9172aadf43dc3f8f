import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';

import { JobName, QueueName } from 'src/domain/job.types';
import { eventually, subscribeBulletins } from 'test/e2e/support/bulletin-subscription';
import type { BulletinSubscription } from 'test/e2e/support/bulletin-subscription';
import { startServerProcess } from 'test/e2e/support/server-process';
import type { ServerProcess } from 'test/e2e/support/server-process';
import { KEYS } from 'test/e2e/support/test-app';
import { startWorkerProcess } from 'test/e2e/support/worker-process';
import type { WorkerProcess } from 'test/e2e/support/worker-process';
import { runIntegrityCheck } from 'test/support/integrity';
import { deleteRedisKeys, TEST_REDIS_URL } from 'test/support/redis';

jest.setTimeout(300_000);

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;
const RECALL = `query($q: String!) { recall(input: { query: $q, limit: 5 }) { hits { memory { id content } } } }`;
const MEMORY = `query($id: ID!) { memory(id: $id) { id } }`;
/** The owed-work sweep's period here: every process schedules it at boot (src/extraction/owed-work.service.ts). */
const SWEEP_MS = 1500;
const SWEEP: string = JobName.RecoverOwedWork;

/**
 * The production topology on one machine: two API processes (`serve`) and one worker over one store (the Neo4j of
 * STORE=neo4j in the Neo4j lane, else one SQLite file) and one Redis.
 */
describe('two API processes and a worker over one store and one Redis', () => {
  const prefix = `engram-test-${randomUUID()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-topology-'));
  const env = {
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    CORTEX_SWEEP_MS: '300',
    BULLETIN_DEBOUNCE_MS: '0',
    OWED_WORK_SWEEP_MS: String(SWEEP_MS),
  };
  let a: ServerProcess;
  let b: ServerProcess;
  let worker: WorkerProcess;
  let subscription: BulletinSubscription | undefined;

  beforeAll(async () => {
    a = await startServerProcess(dataDir, env);
    b = await startServerProcess(dataDir, env);
    worker = await startWorkerProcess({
      ...env,
      EMBEDDINGS: 'hash',
      ENGRAM_DATA_DIR: dataDir,
      ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
    });
  });

  afterAll(async () => {
    await subscription?.dispose();
    await a?.stop();
    await b?.stop();
    await worker?.stop();
    await deleteRedisKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should recall on one API what was written on the other, and fire the bulletin subscription on the other', async () => {
    subscription = subscribeBulletins(b.url, KEYS.alice);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const written = await a.gql<{ remember: { outcome: string; memory: { id: string } } }>(REMEMBER, {
      input: { content: 'My name is Ada Lovelace', type: 'IDENTITY' },
    });
    expect(written.data?.remember.outcome).toBe('CREATED');
    const recalled = await b.gql<{ recall: { hits: { memory: { id: string } }[] } }>(RECALL, { q: 'Ada Lovelace' });
    expect(recalled.data?.recall.hits.map((h) => h.memory.id)).toContain(written.data?.remember.memory.id);

    const received = subscription;
    await eventually(() => received.received.length > 0, 60_000, 'a bulletin on the other API process');
    expect(received.received[0]?.memoryIds).toContain(written.data?.remember.memory.id);
  });

  it('should run the owed-work sweep once per period, though all three processes schedule it', async () => {
    const queue = new Queue(QueueName.Maintenance, { connection: { url: TEST_REDIS_URL }, prefix });
    try {
      // each process upserts the one scheduler at boot: Redis keeps one, not one per process
      const schedulers = (await queue.getJobSchedulers()).filter((s) => s.name === SWEEP);
      expect(schedulers.map((s) => s.every)).toEqual([SWEEP_MS]);

      const runs = async (): Promise<{ due: number; attempts: number }[]> =>
        (await queue.getJobs(['completed', 'failed']))
          .filter((job) => job.name === SWEEP)
          .map((job) => ({ due: job.timestamp + (job.opts.delay ?? 0), attempts: job.attemptsMade }))
          .sort((x, y) => x.due - y.due);
      await eventually(async () => (await runs()).length >= 5, 60_000, 'five owed-work sweeps');
      const done = await runs();
      // one run per period: each ran once (one attempt), and no two were due within one period
      expect(done.map((run) => run.attempts)).toEqual(done.map(() => 1));
      const gaps = done.slice(1).map((run, i) => run.due - (done[i]?.due ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(SWEEP_MS * 0.9);
    } finally {
      await queue.close();
    }
  });

  it('should lose no acknowledged remember when one API process is killed during a burst, and leave the check clean', async () => {
    const acknowledged: string[] = [];
    const burst = Array.from({ length: 100 }, (_, i) =>
      a
        .gql<{ remember: { memory: { id: string } | null } }>(REMEMBER, {
          input: { content: `Burst fact number ${i} about the topology run ${randomUUID()}` },
        })
        .then((res) => {
          const id = res.data?.remember.memory?.id;
          if (id !== undefined) {
            acknowledged.push(id);
          }
        })
        .catch(() => undefined),
    );
    await eventually(() => acknowledged.length >= 10, 60_000, 'ten acknowledged writes');
    await a.kill();
    await Promise.all(burst);

    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    for (const id of acknowledged) {
      const found = await b.gql<{ memory: { id: string } | null }>(MEMORY, { id });
      expect(found.data?.memory?.id).toBe(id);
    }
    expect(await runIntegrityCheck(dataDir)).toEqual({ ok: true, output: expect.any(String) as string });
  });
});
