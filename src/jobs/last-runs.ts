import { JobName } from 'src/domain/job.types';
import type { JobHandler, JobHandlerMap } from 'src/domain/job.types';
import type { MemoryGraphStore } from 'src/store/memory-graph.port';

/** The cortex's per-tenant jobs, whose last run `status` shows. */
export const CORTEX_JOBS = [
  JobName.RefreshBulletin,
  JobName.RewriteBulletin,
  JobName.RefreshImportance,
  JobName.MaintainMemories,
  JobName.ConsolidateMemories,
] as const;
export type CortexJob = (typeof CORTEX_JOBS)[number];

/** One run of a cortex job for a tenant, kept in the store's job state (every process, any queue). */
export interface LastRun {
  at: string;
  result: 'completed' | 'failed';
  ms: number;
}

export function lastRunKey(job: CortexJob): string {
  return `last-run.${job}`;
}

export function parseLastRun(value: string | null): LastRun | null {
  if (value === null) {
    return null;
  }
  try {
    const parsed = JSON.parse(value) as Partial<LastRun>;

    return typeof parsed.at === 'string' && typeof parsed.ms === 'number' && parsed.result
      ? { at: parsed.at, result: parsed.result, ms: parsed.ms }
      : null;
  } catch {
    return null;
  }
}

/** The same handlers; each cortex job run also writes its time, result and duration as the tenant's job state. */
export function recordLastRuns(handlers: JobHandlerMap, graph: MemoryGraphStore): JobHandlerMap {
  const wrap = <N extends CortexJob>(job: N): JobHandler<N> => {
    const handler: JobHandler<N> = handlers[job];
    const record = async (tenantId: string, started: number, result: LastRun['result']): Promise<void> => {
      const run: LastRun = { at: new Date().toISOString(), result, ms: Math.round(performance.now() - started) };
      // bookkeeping must never fail the job it describes
      await graph.writeJobState(tenantId, lastRunKey(job), JSON.stringify(run)).catch(() => undefined);
    };

    return async (payload) => {
      const started = performance.now();
      try {
        const report = await handler(payload);
        await record(payload.tenantId, started, 'completed');

        return report;
      } catch (error) {
        await record(payload.tenantId, started, 'failed');
        throw error;
      }
    };
  };

  return {
    ...handlers,
    [JobName.RefreshBulletin]: wrap(JobName.RefreshBulletin),
    [JobName.RewriteBulletin]: wrap(JobName.RewriteBulletin),
    [JobName.RefreshImportance]: wrap(JobName.RefreshImportance),
    [JobName.MaintainMemories]: wrap(JobName.MaintainMemories),
    [JobName.ConsolidateMemories]: wrap(JobName.ConsolidateMemories),
  };
}

/** The last run of each cortex job of a tenant (null: none recorded). */
export async function readLastRuns(
  graph: MemoryGraphStore,
  tenantId: string,
): Promise<Record<CortexJob, LastRun | null>> {
  const runs = await Promise.all(
    CORTEX_JOBS.map(async (job) => [job, parseLastRun(await graph.readJobState(tenantId, lastRunKey(job)))] as const),
  );

  return Object.fromEntries(runs) as Record<CortexJob, LastRun | null>;
}
