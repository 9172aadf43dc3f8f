import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

interface Panel {
  type: string;
  id: number;
  title: string;
  targets?: { expr: string }[];
}

const DASHBOARD = join(projectRoot(), 'deploy', 'grafana', 'engram.json');
const HISTOGRAM_SERIES = /_(bucket|count|sum)$/;

/** Metric names each query reads (a histogram's _bucket / _count / _sum series count as the histogram). */
function namedMetrics(expr: string): string[] {
  return [...expr.matchAll(/\bengram_[a-z0-9_]+/g)].map((m) => m[0]);
}

/** `# TYPE name kind` lines of a Prometheus text exposition. */
function registered(exposition: string): Map<string, string> {
  return new Map(
    [...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1] ?? '', m[2] ?? ''] as [string, string]),
  );
}

describe('Grafana dashboard (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('should name only metrics that the booted service registers, before any traffic', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { uid: string; panels: Panel[] };
    // loopback scrapers need no token
    const exposition = await (await fetch(t.url.replace(/\/graphql$/, '/metrics'))).text();
    const types = registered(exposition);
    const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr));
    const names = [...new Set(queries.flatMap(namedMetrics))];

    const missing = names.filter((name) => {
      const base = name.replace(HISTOGRAM_SERIES, '');

      return !(types.has(name) || (base !== name && types.get(base) === 'histogram'));
    });

    expect(queries.length).toBeGreaterThanOrEqual(12);
    expect(names).toEqual(
      expect.arrayContaining([
        'engram_graphql_request_duration_seconds_bucket',
        'engram_recall_stage_duration_seconds_bucket',
        'engram_backlog_items',
        'engram_backlog_oldest_age_seconds',
        'engram_job_runs_total',
        'engram_queue_jobs',
        'engram_rate_limited_total',
      ]),
    );
    expect(missing).toEqual([]);
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
  });
});
