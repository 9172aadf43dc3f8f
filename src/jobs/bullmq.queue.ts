import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { ConnectionOptions, Job, Telemetry } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';

import { tracingEnabled } from 'src/common/tracing';
import { QUEUE_OF, QueueName } from 'src/domain/job.types';
import type { EnqueueOptions, JobHandlerMap, JobName, JobPayloads, JobQueue, QueueCounts } from 'src/domain/job.types';

export interface BullOptions {
  redisUrl: string;
  prefix: string;
}

function connection(redisUrl: string): ConnectionOptions {
  // BullMQ workers need blocking commands to wait forever
  return { url: redisUrl, maxRetriesPerRequest: null };
}

/** BullMQ's own OpenTelemetry add-on when tracing is on: a job's trace continues the one of the request that added it. */
function telemetry(): { telemetry?: Telemetry } {
  return tracingEnabled() ? { telemetry: new BullMQOtel({ tracerName: 'engram-bullmq' }) } : {};
}

const PING_TIMEOUT_MS = 1000;

const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Producer side, used by the API process. */
/** Job states a purge clears (active jobs are locked by their worker). */
const REMOVABLE_STATES = [
  'waiting',
  'delayed',
  'prioritized',
  'paused',
  'waiting-children',
  'completed',
  'failed',
] as const;
const TENANT_SCAN_PAGE = 1000;

function isTenantJob(job: Job | undefined, tenantId: string): boolean {
  const data: unknown = job?.data;

  return typeof data === 'object' && data !== null && (data as { tenantId?: unknown }).tenantId === tenantId;
}

export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly logger = new Logger(BullJobQueue.name);
  private readonly queues: Map<QueueName, Queue>;
  private readonly schedules = new Map<JobName, () => Promise<unknown>>();

  constructor(options: BullOptions) {
    this.queues = new Map(
      Object.values(QueueName).map((name) => [
        name,
        new Queue(name, {
          connection: connection(options.redisUrl),
          prefix: options.prefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
          ...telemetry(),
        }),
      ]),
    );
    // a Redis that comes back empty (restarted without persistence) gets the periodic jobs again
    for (const [name, queue] of this.queues) {
      queue.client.then(
        (client) => client.on('ready', () => this.reschedule(name)),
        () => undefined,
      );
    }
  }

  private reschedule(queue: QueueName): void {
    for (const [name, upsert] of this.schedules) {
      if (QUEUE_OF[name] === queue) {
        upsert().catch((error: unknown) => this.logger.warn(`could not schedule ${name}: ${(error as Error).message}`));
      }
    }
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    const queue = this.queues.get(QUEUE_OF[name]);
    if (!queue) {
      throw new Error(`no queue for job ${name}`);
    }
    // add() rather than addBulk() so the jobId de-duplicates
    await queue.add(name, payload, { jobId: options.jobId });
  }

  /** From Redis, so every process's jobs: waiting, active, delayed, prioritized, paused, and the kept completed/failed. */
  async counts(): Promise<QueueCounts> {
    const entries = await Promise.all(
      [...this.queues].map(async ([name, queue]) => [name, await queue.getJobCounts()] as const),
    );

    return Object.fromEntries(entries);
  }

  async schedule<N extends JobName>(name: N, payload: JobPayloads[N], everyMs: number): Promise<void> {
    const queue = this.queues.get(QUEUE_OF[name]);
    if (!queue) {
      throw new Error(`no queue for job ${name}`);
    }
    // one scheduler per job name, which every process may ask for and Redis keeps once; an upsert of an `every`
    // scheduler runs the job at once, so a process that finds it already there leaves it (else each boot adds a run)
    const upsert = async (): Promise<unknown> =>
      (await queue.getJobScheduler(name))?.every === everyMs
        ? undefined
        : queue.upsertJobScheduler(name, { every: everyMs }, { name, data: payload });
    this.schedules.set(name, upsert);
    await upsert();
  }

  async removeTenantJobs(tenantId: string): Promise<number> {
    let removed = 0;
    for (const queue of this.queues.values()) {
      for (const state of REMOVABLE_STATES) {
        for (let start = 0; ;) {
          const jobs = await queue.getJobs([state], start, start + TENANT_SCAN_PAGE - 1, true);
          if (jobs.length === 0) {
            break;
          }
          let here = 0;
          for (const job of jobs.filter((j): j is Job => isTenantJob(j, tenantId))) {
            // a job that became active meanwhile is locked by its worker and cannot be removed: it finishes on its own
            here += await job.remove().then(
              () => 1,
              () => 0,
            );
          }
          removed += here;
          start += jobs.length - here;
        }
      }
    }

    return removed;
  }

  async ping(): Promise<boolean> {
    const [first] = this.queues.values();
    if (!first) {
      return false;
    }
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PING_TIMEOUT_MS).unref());

    return Promise.race([
      first.getJobCounts('waiting').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

/** Consumer side, run by the worker process: one BullMQ worker per queue dispatching by job name. */
export class BullJobWorkers {
  private readonly logger = new Logger(BullJobWorkers.name);
  private readonly workers: Worker[];

  constructor(
    options: BullOptions,
    handlers: JobHandlerMap,
    tuning: { concurrency?: number; lockDuration?: number; stalledInterval?: number } = {},
  ) {
    this.workers = Object.values(QueueName).map(
      (queue) =>
        new Worker(
          queue,
          async (job: Job) => {
            const handler = handlers[job.name as JobName] as ((payload: unknown) => Promise<unknown>) | undefined;
            if (!handler) {
              throw new Error(`unknown job ${job.name} on queue ${queue}`);
            }

            // the handler's report (e.g. { status: 'skipped' }) is kept as the job's return value
            return handler(job.data);
          },
          {
            connection: connection(options.redisUrl),
            prefix: options.prefix,
            concurrency: tuning.concurrency ?? 4,
            ...telemetry(),
            ...(tuning.lockDuration ? { lockDuration: tuning.lockDuration } : {}),
            ...(tuning.stalledInterval ? { stalledInterval: tuning.stalledInterval } : {}),
          },
        ),
    );
    for (const worker of this.workers) {
      worker.on('failed', (job, error) =>
        this.logger.warn(`job ${job?.name ?? '?'} ${job?.id ?? ''} failed: ${error.message}`),
      );
    }
  }

  /** Every queue's worker is running and its Redis connection is up (ioredis status `ready`). */
  async healthy(): Promise<boolean> {
    try {
      const answers = await Promise.all(
        this.workers.map(async (worker) => worker.isRunning() && (await worker.client).status === 'ready'),
      );

      return answers.every(Boolean);
    } catch {
      return false;
    }
  }

  /** `force` drops active jobs without finishing them, as a crash would; their locks expire and another worker retries them. */
  async close(force = false): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close(force)));
  }
}
