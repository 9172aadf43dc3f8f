import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';

import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobHandlerMap, JobQueue } from 'src/domain/job.types';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';

/** The same handlers, counting each run (completed or failed) and its duration. */
export function instrumentHandlers(handlers: JobHandlerMap, metrics: MetricsService): JobHandlerMap {
  const runs = engramMetrics.jobRuns(metrics);
  const duration = engramMetrics.jobDuration(metrics);
  const wrap =
    (job: JobName, handler: (payload: never) => Promise<unknown>) =>
    async (payload: never): Promise<unknown> => {
      const stop = duration.startTimer({ job });
      try {
        const report = await handler(payload);
        runs.inc({ job, result: 'completed' });

        return report;
      } catch (error) {
        runs.inc({ job, result: 'failed' });
        throw error;
      } finally {
        stop();
      }
    };

  return Object.fromEntries(
    Object.values(JobName).map((job) => [job, wrap(job, handlers[job])]),
  ) as unknown as JobHandlerMap;
}

/** Queue depth and job states at every scrape, from the queue itself (Redis for BullMQ). */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    engramMetrics.queueJobs(this.metrics, async (gauge) => {
      // a scrape must not fail because Redis is away: the series just keep their last values
      const counts = await this.queue.counts().catch(() => ({}));
      for (const [queue, states] of Object.entries(counts)) {
        for (const [state, n] of Object.entries(states)) {
          gauge.set({ queue, state }, n);
        }
      }
    });
  }
}
