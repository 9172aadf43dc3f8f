import { Global, Inject, Module } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { CortexModule } from 'src/cortex/cortex.module';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { JobHandlersService } from 'src/jobs/job-handlers.service';
import { QueueMetrics } from 'src/jobs/job-metrics';
import { JOB_QUEUE } from 'src/jobs/job.types';
import { EmbeddingMigrationModule } from 'src/embedding/migration/embedding-migration.module';
import { ExtractionModule } from 'src/extraction/extraction.module';
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
  imports: [CortexModule, ExtractionModule, EmbeddingMigrationModule],
  providers: [
    JobHandlersService,
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl ? new BullJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix }) : new InProcessQueue(),
    },
    QueueCloser,
    QueueMetrics,
  ],
  exports: [JOB_QUEUE, JobHandlersService],
})
export class JobsModule {}
