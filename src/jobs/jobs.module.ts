import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { CortexModule } from 'src/cortex/cortex.module';
import { JOB_QUEUE } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { EmbeddingMigrationModule } from 'src/embedding/migration/embedding-migration.module';
import { ExtractionModule } from 'src/extraction/extraction.module';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { JobHandlersService } from 'src/jobs/job-handlers.service';
import { QueueMetrics } from 'src/jobs/job-metrics';

class QueueCloser implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

/**
 * Embedded mode: the in-process queue runs the handlers itself. They are handed over once every service behind them
 * exists (those services enqueue jobs too), before any schedule starts (onApplicationBootstrap).
 */
@Injectable()
class InProcessRunner implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly jobs: JobHandlersService,
  ) {}

  onModuleInit(): void {
    if (this.queue instanceof InProcessQueue) {
      this.queue.attach(this.jobs.handlers);
    }
  }
}

/**
 * BullMQ when REDIS_URL is set (a worker process runs the jobs), else an in-process runner of the same handlers.
 * Global because every feature offers jobs and the handlers need those features: imported, it would close a circle.
 */
@Global()
@Module({
  imports: [CortexModule, ExtractionModule, EmbeddingMigrationModule],
  providers: [
    JobHandlersService,
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl
          ? new BullJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix })
          : new InProcessQueue(),
    },
    InProcessRunner,
    QueueCloser,
    QueueMetrics,
  ],
  exports: [JOB_QUEUE, JobHandlersService],
})
export class JobsModule {}
