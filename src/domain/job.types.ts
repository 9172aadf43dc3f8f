/** Every queue and job the service knows, with its payload type: one place, checked at boot. */
export enum QueueName {
  Maintenance = 'maintenance',
  // cortex: bulletin, importance, decay, consolidation
  Bulletin = 'bulletin',
  Importance = 'importance',
  // conversations: LLM extraction, compaction and the owed work they leave
  Extraction = 'extraction',
  Compaction = 'compaction',
}

export enum JobName {
  RecordAccess = 'record-access',
  // cortex: bulletin, importance, decay, consolidation
  CortexSweep = 'cortex-sweep',
  RefreshBulletin = 'refresh-bulletin',
  RewriteBulletin = 'rewrite-bulletin',
  RefreshImportance = 'refresh-importance',
  MaintenanceSweep = 'maintenance-sweep',
  MaintainMemories = 'maintain-memories',
  ConsolidateMemories = 'consolidate-memories',
  // conversations: LLM extraction, compaction and the owed work they leave
  ExtractMessage = 'extract-message',
  CompactChannel = 'compact-channel',
  RecoverOwedWork = 'recover-owed-work',
  // embedding-model migration: re-embed every stored vector with the configured model
  Reembed = 'reembed',
}

/** Periodic jobs carry no payload: each run looks at every tenant and queues per-tenant jobs for those that changed. */
type Periodic = Record<string, never>;

export interface JobPayloads {
  [JobName.RecordAccess]: { tenantId: string; ids: string[]; at: string };
  [JobName.CortexSweep]: Periodic;
  [JobName.RefreshBulletin]: { tenantId: string };
  [JobName.RewriteBulletin]: { tenantId: string; bulletinId: string };
  [JobName.RefreshImportance]: { tenantId: string };
  [JobName.MaintenanceSweep]: Periodic;
  [JobName.MaintainMemories]: { tenantId: string };
  [JobName.ConsolidateMemories]: { tenantId: string };
  // conversations: LLM extraction, compaction and the owed work they leave
  /** LLM extraction of one user message (job id `extract.<messageId>`: one extraction per message). */
  [JobName.ExtractMessage]: { tenantId: string; messageId: string };
  /**
   * Compaction of a channel's oldest live messages, up to `throughMessageId` (job id `compact.<throughMessageId>`,
   * or `compact-now.<...>` when forced by compactChannel: one compaction per range).
   */
  [JobName.CompactChannel]: { tenantId: string; channelId: string; throughMessageId: string; forced: boolean };
  /** Queues again the extractions and compactions the store says are owed (a request could not queue them). */
  [JobName.RecoverOwedWork]: Periodic;
  /** Re-embeds every memory and message after a change of embedding model, then switches (one job per migration). */
  [JobName.Reembed]: Periodic;
}

export const QUEUE_OF: Readonly<Record<JobName, QueueName>> = {
  [JobName.RecordAccess]: QueueName.Maintenance,
  [JobName.CortexSweep]: QueueName.Bulletin,
  [JobName.RefreshBulletin]: QueueName.Bulletin,
  [JobName.RewriteBulletin]: QueueName.Bulletin,
  [JobName.RefreshImportance]: QueueName.Importance,
  [JobName.MaintenanceSweep]: QueueName.Maintenance,
  [JobName.MaintainMemories]: QueueName.Maintenance,
  [JobName.ConsolidateMemories]: QueueName.Maintenance,
  [JobName.ExtractMessage]: QueueName.Extraction,
  [JobName.CompactChannel]: QueueName.Compaction,
  [JobName.RecoverOwedWork]: QueueName.Maintenance,
  [JobName.Reembed]: QueueName.Maintenance,
};

/** A handler may return a report (e.g. `{ status: 'skipped' }`): BullMQ keeps it as the job's return value. */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<unknown>;
export type JobHandlerMap = { [N in JobName]: JobHandler<N> };

export interface EnqueueOptions {
  /** Same id, same job: a second enqueue with an id already queued or done is a no-op. */
  jobId?: string;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/** Jobs per state (waiting, active, delayed, failed, completed, ...) by queue name. */
export type QueueCounts = Record<string, Record<string, number>>;

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  counts(): Promise<QueueCounts>;
  /** Runs the job every `everyMs` (BullMQ job scheduler, one per name however many processes call this; a timer in process). */
  schedule<N extends JobName>(name: N, payload: JobPayloads[N], everyMs: number): Promise<void>;
  /** Removes the tenant's jobs that are not running (queued, delayed, kept finished ones): a purge leaves none. */
  removeTenantJobs(tenantId: string): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function assertHandlersComplete(handlers: Partial<Record<JobName, unknown>>): void {
  const missing = Object.values(JobName).filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(`no handler registered for job(s): ${missing.join(', ')}`);
  }
}
