import { Logger, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoLogger } from 'nestjs-pino';

import type { AppConfig } from 'src/config/config';
import { CoreModule } from 'src/core.module';
import { BullJobWorkers } from 'src/jobs/bullmq.queue';
import { JobHandlersService } from 'src/jobs/job-handlers.service';
import { JobsModule } from 'src/jobs/jobs.module';
import { startHeartbeat } from 'src/jobs/worker-heartbeat';
import { loggingModule } from 'src/logging/logging';
import { StoreModule } from 'src/store/store.module';

/** The worker process: no HTTP, only the job handlers and what they need. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot(config), loggingModule(config), StoreModule.forRoot(config.store), JobsModule],
    };
  }
}

/**
 * Starts the BullMQ workers. SIGTERM / SIGINT stop taking jobs, let the running ones finish, then close the store;
 * the returned function does the same. (Nest's own shutdown hooks are not used here: they would close the store
 * under a running job.)
 */
export async function runWorker(config: AppConfig): Promise<() => Promise<void>> {
  if (!config.redisUrl) {
    throw new Error('the worker process needs REDIS_URL (without Redis, `npm start` runs jobs in-process)');
  }
  const logger = new Logger('Worker');
  const context = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  context.useLogger(context.get(PinoLogger));
  const workers = new BullJobWorkers(
    { redisUrl: config.redisUrl, prefix: config.queuePrefix },
    context.get(JobHandlersService).handlers,
    { lockDuration: config.jobs.lockMs, stalledInterval: config.jobs.stalledMs },
  );
  logger.log(`consuming queues on ${config.redisUrl.replace(/\/\/[^@]*@/, '//***@')}`);
  const stopHeartbeat = startHeartbeat(config.workerHeartbeatFile, () => workers.healthy());
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      stopHeartbeat();
      await workers.close();
      await context.close();
    })());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // `on`, not `once`: a second signal (or the API's shutdown hook re-raising it) must not cut the running job short
    process.on(signal, () => {
      logger.log(`${signal}: finishing the running jobs, then stopping`);
      void close().then(() => process.exit(0));
    });
  }

  return close;
}
