import { Logger } from '@nestjs/common';

import { JobName } from 'src/domain/job.types';
import type { JobHandlerMap } from 'src/domain/job.types';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { offerJob } from 'src/jobs/offer-job';
import { freePort } from 'test/support/free-port';

describe(offerJob.name, () => {
  const logger = new Logger('offer-job.spec');
  let warn: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });

  it('should answer true once the job is queued', async () => {
    const ran: string[] = [];
    const queue = new InProcessQueue({
      [JobName.RecordAccess]: (p: { ids: string[] }) => Promise.resolve(void ran.push(...p.ids)),
    } as unknown as JobHandlerMap);

    await expect(
      offerJob(
        queue,
        250,
        logger,
        JobName.RecordAccess,
        { tenantId: 't', ids: ['a'], at: '2026-01-01T00:00:00Z' },
        { jobId: 'x' },
      ),
    ).resolves.toBe(true);
    await queue.drain();
    expect(ran).toEqual(['a']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('should answer false at the deadline while Redis is unreachable, naming the job it could not queue', async () => {
    // nothing listens there: BullMQ's connection keeps retrying and holds every command meanwhile
    const queue = new BullJobQueue({ redisUrl: `redis://127.0.0.1:${await freePort()}`, prefix: 'offer-job-spec' });
    const queued = await offerJob(
      queue,
      200,
      logger,
      JobName.ExtractMessage,
      { tenantId: 't', messageId: 'm1' },
      { jobId: 'extract.m1' },
    );

    expect(queued).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('extract.m1 not queued (no answer within 200 ms)'));
    await queue.close();
  });
});
