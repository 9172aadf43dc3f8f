import { ageText } from 'src/common/age-text';
import type { AppConfig } from 'src/config/config';
import type { QueueCounts } from 'src/domain/job.types';
import { createEmbedder } from 'src/embedding/embedder.factory';
import { COMPACTION_TRIGGER } from 'src/extraction/compaction.policy';
import { BullJobQueue } from 'src/jobs/bullmq.queue';
import { CORTEX_JOBS, readLastRuns } from 'src/jobs/last-runs';
import type { CortexJob, LastRun } from 'src/jobs/last-runs';
import { BACKLOG_KINDS, BACKLOG_MEANING, oldestAgeSeconds, readBacklog } from 'src/observability/backlog';
import type { BacklogKind } from 'src/observability/backlog';
import { openStores } from 'src/store/stores';

/** Tenants listed one by one; past this, only the totals per job. */
const TENANTS_LISTED = 20;
const REDIS_TIMEOUT_MS = 3000;

export interface StatusReport {
  at: string;
  backlog: Record<BacklogKind, { items: number; oldest: string | null; oldestAgeSeconds: number }>;
  /** BullMQ's counts from Redis (null: Redis did not answer); in-process queues live inside the API process. */
  queues: { kind: 'bullmq' | 'in-process'; counts: QueueCounts | null };
  tenants: number;
  /** The last run of each cortex job, for the first TENANTS_LISTED tenants. */
  lastRuns: { tenantId: string; runs: Record<CortexJob, LastRun | null> }[];
  /** Per job over every tenant: how many have a run, the newest run and the oldest last run, failed last runs. */
  totals: Record<CortexJob, { tenants: number; newest: string | null; oldest: string | null; failed: number }>;
}

async function queueCounts(config: AppConfig): Promise<StatusReport['queues']> {
  if (!config.redisUrl) {
    return { kind: 'in-process', counts: null };
  }
  const queue = new BullJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
  try {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), REDIS_TIMEOUT_MS).unref());

    return { kind: 'bullmq', counts: await Promise.race([queue.counts().catch(() => null), timeout]) };
  } finally {
    await queue.close().catch(() => undefined);
  }
}

function totalsOf(runs: readonly Record<CortexJob, LastRun | null>[]): StatusReport['totals'] {
  const entries = CORTEX_JOBS.map((job) => {
    const times = runs.flatMap((r) => (r[job] ? [r[job]] : []));
    const sorted = times.map((t) => t.at).sort();

    return [
      job,
      {
        tenants: times.length,
        newest: sorted.at(-1) ?? null,
        oldest: sorted[0] ?? null,
        failed: times.filter((t) => t.result === 'failed').length,
      },
    ] as const;
  });

  return Object.fromEntries(entries) as StatusReport['totals'];
}

/** `node dist/main.js status`: the owed work, the queues and the cortex's last runs, read from the store and Redis. */
export async function collectStatus(config: AppConfig, now = new Date()): Promise<StatusReport> {
  const embedder = createEmbedder(config.embeddings);
  const stores = openStores(config.store);
  try {
    await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });
    const [backlog, queues, tenants] = await Promise.all([
      readBacklog(stores, null, { defaultBudget: config.conversations.tokenBudget, share: COMPACTION_TRIGGER }),
      queueCounts(config),
      stores.graph.listTenants(),
    ]);
    const runs: { tenantId: string; runs: Record<CortexJob, LastRun | null> }[] = [];
    for (const tenantId of [...tenants].sort()) {
      runs.push({ tenantId, runs: await readLastRuns(stores.graph, tenantId) });
    }

    return {
      at: now.toISOString(),
      backlog: Object.fromEntries(
        BACKLOG_KINDS.map((kind) => [
          kind,
          {
            items: backlog[kind].items,
            oldest: backlog[kind].oldest?.toISOString() ?? null,
            oldestAgeSeconds: Math.round(oldestAgeSeconds(backlog[kind], now)),
          },
        ]),
      ) as StatusReport['backlog'],
      queues,
      tenants: tenants.length,
      lastRuns: runs.slice(0, TENANTS_LISTED),
      totals: totalsOf(runs.map((r) => r.runs)),
    };
  } finally {
    await stores.connection.close();
    await embedder.close?.();
  }
}

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];

  return rows.map((r) => `  ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd());
}

function run(last: LastRun | null): string {
  return last ? `${last.at} ${last.result} ${last.ms} ms` : '-';
}

export function formatStatus(report: StatusReport): string {
  const queueLines =
    report.queues.counts === null
      ? [
          report.queues.kind === 'bullmq'
            ? '  Redis did not answer'
            : '  in-process: jobs run inside the API process (engram_queue_jobs on its /metrics)',
        ]
      : table([
          ['queue', 'waiting', 'active', 'delayed', 'failed', 'completed'],
          ...Object.entries(report.queues.counts).map(([queue, c]) => [
            queue,
            ...['waiting', 'active', 'delayed', 'failed', 'completed'].map((state) => String(c[state] ?? 0)),
          ]),
        ]);

  return [
    `Engram status at ${report.at}`,
    '',
    'Backlog (every tenant)',
    ...table([
      ['kind', 'items', 'oldest', 'what'],
      ...BACKLOG_KINDS.map((kind) => {
        const b = report.backlog[kind];

        return [kind, String(b.items), b.oldest ? `${ageText(b.oldestAgeSeconds)} ago` : '-', BACKLOG_MEANING[kind]];
      }),
    ]),
    '',
    `Queues (${report.queues.kind})`,
    ...queueLines,
    '',
    `Cortex last runs (${report.tenants} tenant${report.tenants === 1 ? '' : 's'} with memories)`,
    ...(report.lastRuns.length > 0
      ? table([
          ['tenant', 'job', 'last run'],
          ...report.lastRuns.flatMap((t) => CORTEX_JOBS.map((job) => [t.tenantId, job, run(t.runs[job])])),
        ])
      : ['  none']),
    ...(report.tenants > report.lastRuns.length
      ? [`  ... ${report.tenants - report.lastRuns.length} more tenants: see the totals`]
      : []),
    '',
    'Cortex totals',
    ...table([
      ['job', 'tenants run', 'newest', 'oldest last run', 'failed'],
      ...CORTEX_JOBS.map((job) => {
        const t = report.totals[job];

        return [job, String(t.tenants), t.newest ?? '-', t.oldest ?? '-', String(t.failed)];
      }),
    ]),
    '',
  ].join('\n');
}
