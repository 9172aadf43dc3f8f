import { randomUUID } from 'node:crypto';

import { JobName } from 'src/domain/job.types';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { obliterateQueues, REDIS_URL, requireRedis } from 'test/support/redis';

describe('BullMQ: removing a tenant’s jobs (purge)', () => {
  let available = false;
  const prefix = `engram-test-purge-${randomUUID()}`;
  let queue: BullJobQueue;

  beforeAll(async () => {
    available = await requireRedis('BullMQ purge tests');
    if (available) {
      queue = new BullJobQueue({ redisUrl: REDIS_URL, prefix });
    }
  });

  afterAll(async () => {
    if (available) {
      await queue.close();
      await obliterateQueues(prefix);
    }
  });

  it('should remove every waiting job of the tenant from every queue and leave other tenants’ jobs', async () => {
    if (!available) {
      return;
    }
    await queue.enqueue(JobName.RefreshBulletin, { tenantId: 'alice' });
    await queue.enqueue(JobName.ExtractMessage, { tenantId: 'alice', messageId: 'm1' }, { jobId: 'extract.m1' });
    await queue.enqueue(JobName.CompactChannel, {
      tenantId: 'alice',
      channelId: 'c',
      throughMessageId: 'm1',
      forced: true,
    });
    await queue.enqueue(JobName.RefreshBulletin, { tenantId: 'bob' });
    await queue.enqueue(JobName.ExtractMessage, { tenantId: 'bob', messageId: 'm2' });
    const waiting = async (): Promise<number> =>
      Object.values(await queue.counts()).reduce((sum, c) => sum + (c['waiting'] ?? 0), 0);
    expect(await waiting()).toBe(5);

    expect(await queue.removeTenantJobs('alice')).toBe(3);

    expect(await waiting()).toBe(2);
    expect(await queue.removeTenantJobs('alice')).toBe(0);
    expect(await queue.removeTenantJobs('bob')).toBe(2);
  });
});
