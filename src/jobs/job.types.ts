/** Every queue and job the service knows, with its payload type: one place, checked at boot. */
export enum QueueName {
  Maintenance = 'maintenance',
}

export enum JobName {
  RecordAccess = 'record-access',
}

export interface JobPayloads {
  [JobName.RecordAccess]: { tenantId: string; ids: string[]; at: string };
}

export const QUEUE_OF: Readonly<Record<JobName, QueueName>> = {
  [JobName.RecordAccess]: QueueName.Maintenance,
};

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;
export type JobHandlerMap = { [N in JobName]: JobHandler<N> };

export interface EnqueueOptions {
  /** Same id, same job: a second enqueue with an id already queued or done is a no-op. */
  jobId?: string;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function assertHandlersComplete(handlers: Partial<Record<JobName, unknown>>): void {
  const missing = Object.values(JobName).filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(`no handler registered for job(s): ${missing.join(', ')}`);
  }
}
