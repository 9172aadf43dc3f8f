import { randomUUID } from 'node:crypto';

import { JobName } from 'src/domain/job.types';
import type { JobHandlerMap, JobPayloads } from 'src/domain/job.types';
import { BullJobQueue, BullJobWorkers } from 'src/jobs/bullmq.queue';
import { obliterateQueues, REDIS_URL, requireRedis, waitFor } from 'test/support/redis';

type Payload = JobPayloads[JobName.RecordAccess];

describe('BullMQ job queue against real Redis', () => {
  let available = false;
  let prefix: string;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    available = await requireRedis('BullMQ queue tests');
  });
  beforeEach(() => {
    prefix = `engram-test-${randomUUID()}`;
  });
  afterEach(async () => {
    while (cleanups.length > 0) {
      await cleanups.pop()!();
    }
    if (available) {
      await obliterateQueues(prefix);
    }
  });

  function handlersRecording(seen: Payload[], behaviour?: (p: Payload) => Promise<void>): JobHandlerMap {
    const unused = (): Promise<void> => Promise.reject(new Error('not part of this test'));

    return {
      [JobName.RecordAccess]: async (payload) => {
        await behaviour?.(payload);
        seen.push(payload);
      },
      [JobName.CortexSweep]: unused,
      [JobName.RefreshBulletin]: unused,
      [JobName.RewriteBulletin]: unused,
      [JobName.RefreshImportance]: unused,
      [JobName.MaintenanceSweep]: unused,
      [JobName.MaintainMemories]: unused,
      [JobName.ConsolidateMemories]: unused,
      [JobName.ExtractMessage]: unused,
      [JobName.Reembed]: unused,
      [JobName.CompactChannel]: unused,
      [JobName.RecoverOwedWork]: unused,
    };
  }

  it('should run each job id exactly once, however often it is enqueued', async () => {
    if (!available) {
      return;
    }
    const seen: Payload[] = [];
    const queue = new BullJobQueue({ redisUrl: REDIS_URL, prefix });
    const workers = new BullJobWorkers({ redisUrl: REDIS_URL, prefix }, handlersRecording(seen));
    cleanups.push(
      () => queue.close(),
      () => workers.close(),
    );
    expect(await queue.ping()).toBe(true);
    for (let i = 0; i < 5; i++) {
      await queue.enqueue(
        JobName.RecordAccess,
        { tenantId: 't', ids: ['a'], at: '2026-01-01T00:00:00Z' },
        { jobId: 'same' },
      );
    }
    await queue.enqueue(
      JobName.RecordAccess,
      { tenantId: 't', ids: ['b'], at: '2026-01-01T00:00:00Z' },
      { jobId: 'other' },
    );
    await waitFor(() => seen.length >= 2, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.map((p) => p.ids[0]).sort()).toEqual(['a', 'b']);
  });

  it('should retry a failing job with backoff until it succeeds', async () => {
    if (!available) {
      return;
    }
    const seen: Payload[] = [];
    let attempts = 0;
    const queue = new BullJobQueue({ redisUrl: REDIS_URL, prefix });
    const workers = new BullJobWorkers(
      { redisUrl: REDIS_URL, prefix },
      handlersRecording(seen, () => (++attempts < 3 ? Promise.reject(new Error('transient')) : Promise.resolve())),
    );
    cleanups.push(
      () => queue.close(),
      () => workers.close(),
    );
    await queue.enqueue(
      JobName.RecordAccess,
      { tenantId: 't', ids: ['r'], at: '2026-01-01T00:00:00Z' },
      { jobId: 'retry' },
    );
    await waitFor(() => seen.length === 1, 10_000);
    expect(attempts).toBe(3);
  });

  it('should hand a job held by a worker that died to another worker, and run it once', async () => {
    if (!available) {
      return;
    }
    const seen: Payload[] = [];
    let started = 0;
    const hang = new Promise<void>(() => undefined);
    const queue = new BullJobQueue({ redisUrl: REDIS_URL, prefix });
    cleanups.push(() => queue.close());
    const tuning = { lockDuration: 800, stalledInterval: 400 };
    const dying = new BullJobWorkers(
      { redisUrl: REDIS_URL, prefix },
      handlersRecording([], () => {
        started++;

        return hang;
      }),
      tuning,
    );
    await queue.enqueue(
      JobName.RecordAccess,
      { tenantId: 't', ids: ['crash'], at: '2026-01-01T00:00:00Z' },
      { jobId: 'crash' },
    );
    await waitFor(() => started === 1, 5000);
    await dying.close(true);
    const survivor = new BullJobWorkers({ redisUrl: REDIS_URL, prefix }, handlersRecording(seen), tuning);
    cleanups.push(() => survivor.close());
    await waitFor(() => seen.length === 1, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.ids).toEqual(['crash']);
  });
});
