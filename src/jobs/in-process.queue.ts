import { Logger } from '@nestjs/common';
import type { Link } from '@opentelemetry/api';

import { activeSpanContext, traced } from 'src/common/tracing';
import { QUEUE_OF, QueueName } from 'src/domain/job.types';
import type { EnqueueOptions, JobHandlerMap, JobName, JobPayloads, JobQueue, QueueCounts } from 'src/domain/job.types';

const ATTEMPTS = 3;
const BACKOFF_MS = 200;
const REMEMBERED_IDS = 10_000;

/** Embedded mode: the same handlers as the BullMQ worker, run in this process after the caller returns. */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly logger = new Logger(InProcessQueue.name);
  private readonly seen = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Map<JobName, NodeJS.Timeout>();
  /** Per queue: jobs not finished yet, and jobs that gave up after their last attempt (since start). */
  private readonly active = new Map<QueueName, number>();
  private readonly failed = new Map<QueueName, number>();
  private closed = false;

  private handlers: JobHandlerMap | null = null;

  constructor(handlers?: JobHandlerMap) {
    this.handlers = handlers ?? null;
  }

  /** The handlers need services that enqueue jobs themselves, so they are attached after the queue exists. */
  attach(handlers: JobHandlerMap): void {
    this.handlers = handlers;
  }

  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    if (this.closed || (options.jobId && this.seen.has(options.jobId))) {
      return Promise.resolve();
    }
    if (options.jobId) {
      this.seen.add(options.jobId);
      if (this.seen.size > REMEMBERED_IDS) {
        this.seen.delete(this.seen.values().next().value ?? '');
      }
    }
    const queue = QUEUE_OF[name];
    // the run starts its own trace, linked to the request (or job) that queued it
    const origin = activeSpanContext();
    const links: Link[] = origin ? [{ context: origin }] : [];
    this.active.set(queue, (this.active.get(queue) ?? 0) + 1);
    const run = traced(`job ${name}`, () => this.run(name, payload), {
      root: true,
      links,
      attributes: { 'engram.job': name, 'engram.queue': queue },
    }).finally(() => {
      this.running.delete(run);
      this.active.set(queue, (this.active.get(queue) ?? 1) - 1);
    });
    this.running.add(run);

    return Promise.resolve();
  }

  schedule<N extends JobName>(name: N, payload: JobPayloads[N], everyMs: number): Promise<void> {
    clearInterval(this.timers.get(name));
    const timer = setInterval(() => void this.enqueue(name, payload), everyMs);
    // a schedule never keeps the process alive on its own
    timer.unref();
    this.timers.set(name, timer);

    return Promise.resolve();
  }

  private async run<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.handlers) {
      throw new Error('no job handlers attached to the in-process queue');
    }
    const handler = this.handlers[name];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        await handler(payload);

        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (attempt === ATTEMPTS || this.closed) {
          this.logger.error(`job ${name} failed after ${attempt} attempts: ${message}`);
          this.failed.set(QUEUE_OF[name], (this.failed.get(QUEUE_OF[name]) ?? 0) + 1);

          return;
        }
        await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * 2 ** (attempt - 1)));
      }
    }
  }

  /** Jobs start as soon as they are enqueued here: nothing waits in a queue to be removed. */
  removeTenantJobs(): Promise<number> {
    return Promise.resolve(0);
  }

  /** Resolves when every job enqueued so far has finished (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.running.size > 0) {
      await Promise.all([...this.running]);
    }
  }

  /**
   * Per queue, as BullMQ names them: jobs of this process not finished yet (`active`: the runner starts every job at
   * once, so none waits) and jobs that failed their last attempt since the process started (`failed`).
   */
  counts(): Promise<QueueCounts> {
    return Promise.resolve(
      Object.fromEntries(
        Object.values(QueueName).map((queue) => [
          queue,
          { active: this.active.get(queue) ?? 0, failed: this.failed.get(queue) ?? 0 },
        ]),
      ),
    );
  }

  ping(): Promise<boolean> {
    return Promise.resolve(!this.closed);
  }

  async close(): Promise<void> {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers.clear();
    await this.drain();
    this.closed = true;
  }
}
