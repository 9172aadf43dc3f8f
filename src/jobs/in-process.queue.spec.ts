import { JobName } from 'src/domain/job.types';
import type { JobHandlerMap } from 'src/domain/job.types';
import { InProcessQueue } from 'src/jobs/in-process.queue';

function handlers(run: (job: JobName) => Promise<unknown>): JobHandlerMap {
  return Object.fromEntries(Object.values(JobName).map((job) => [job, () => run(job)])) as unknown as JobHandlerMap;
}

describe('InProcessQueue counts', () => {
  it('should count unfinished jobs and jobs that failed their last attempt, per queue as BullMQ names them', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = new InProcessQueue(
      handlers((job) => (job === JobName.CompactChannel ? Promise.reject(new Error('no')) : held)),
    );
    const payload = { tenantId: 't', channelId: 'c', throughMessageId: 'm', forced: false };

    await queue.enqueue(JobName.RefreshBulletin, { tenantId: 't' });
    await queue.enqueue(JobName.CompactChannel, payload);
    expect((await queue.counts())['bulletin']).toEqual({ active: 1, failed: 0 });
    expect((await queue.counts())['compaction']).toEqual({ active: 1, failed: 0 });

    release();
    await queue.drain();
    const counts = await queue.counts();
    expect(counts['bulletin']).toEqual({ active: 0, failed: 0 });
    expect(counts['compaction']).toEqual({ active: 0, failed: 1 });
    expect(Object.keys(counts).sort()).toEqual(['bulletin', 'compaction', 'extraction', 'importance', 'maintenance']);
    await queue.close();
  });
});
