import { Logger, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { logLevels } from 'src/bootstrap';
import type { AppConfig } from 'src/config/config';
import { CoreModule } from 'src/config/config.module';
import { BullJobWorkers } from 'src/jobs/bullmq.queue';
import { JobHandlersService } from 'src/jobs/job-handlers.service';
import { JobsModule } from 'src/jobs/jobs.module';
import { StoreModule } from 'src/store/store.module';

/** The worker process: no HTTP, only the job handlers and what they need. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [CoreModule.forRoot(config), StoreModule.forRoot(), JobsModule] };
  }
}

export async function runWorker(config: AppConfig): Promise<() => Promise<void>> {
  if (!config.redisUrl) {
    throw new Error('the worker process needs REDIS_URL (without Redis, `npm start` runs jobs in-process)');
  }
  const context = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: logLevels(config.logLevel),
  });
  context.enableShutdownHooks();
  const workers = new BullJobWorkers({ redisUrl: config.redisUrl, prefix: config.queuePrefix }, context.get(JobHandlersService).handlers);
  new Logger('Worker').log(`consuming queues on ${config.redisUrl.replace(/\/\/[^@]*@/, '//***@')}`);

  return async () => {
    await workers.close();
    await context.close();
  };
}
