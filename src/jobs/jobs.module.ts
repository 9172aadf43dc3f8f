import { Global, Inject, Module } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { JobHandlersService } from 'src/jobs/job-handlers.service';
import { JOB_QUEUE } from 'src/jobs/job.types';
import type { JobQueue } from 'src/jobs/job.types';

class QueueCloser implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

/** BullMQ when REDIS_URL is set (a worker process runs the jobs), else an in-process runner of the same handlers. */
@Global()
@Module({
  providers: [
    JobHandlersService,
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG, JobHandlersService],
      useFactory: (config: AppConfig, handlers: JobHandlersService): JobQueue =>
        config.redisUrl
          ? new BullJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix })
          : new InProcessQueue(handlers.handlers),
    },
    QueueCloser,
  ],
  exports: [JOB_QUEUE, JobHandlersService],
})
export class JobsModule {}
