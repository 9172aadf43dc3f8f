import type { Logger } from '@nestjs/common';

import { DeadlineExceededError, withDeadline } from 'src/common/with-deadline';
import type { EnqueueOptions, JobName, JobPayloads, JobQueue } from 'src/domain/job.types';

/**
 * Queues a job on behalf of a request that must not wait on the queue: true once it is queued, false when the queue
 * failed or did not answer within `deadlineMs`. While Redis is away BullMQ's connection holds commands until it is
 * back, so a late enqueue may still go through then; either way the work stays owed in the store (a message's
 * `extractedAt` null, a channel's live tokens) and the owed-work sweep queues it again under the same job id.
 */
export async function offerJob<N extends JobName>(
  queue: JobQueue,
  deadlineMs: number,
  logger: Logger,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions,
): Promise<boolean> {
  try {
    await withDeadline(deadlineMs, () => queue.enqueue(name, payload, options));

    return true;
  } catch (error) {
    const reason =
      error instanceof DeadlineExceededError ? `no answer within ${deadlineMs} ms` : (error as Error).message;
    logger.warn(
      `job ${name} ${options.jobId ?? ''} not queued (${reason}); it stays owed and the owed-work sweep queues it again`,
    );

    return false;
  }
}
