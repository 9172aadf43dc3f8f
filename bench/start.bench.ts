import { spawnSync } from 'node:child_process';

import { report, round, summarize } from 'bench/support/stats';
import { projectRoot } from 'src/common/project-root';
import { timedStart } from 'test/support/timed-start';

/**
 * Time from `npm start` to a 200 from /healthz with the build current (the quick start's command, default
 * configuration: SQLite and the local embedding model), beside `node dist/main.js` for what npm and the staleness
 * check add. The build is brought up to date first and not timed.
 *
 *   npm run bench -- start [runs]     (default 5)
 */
export async function runStartBench(runs = 5): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: projectRoot(),
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    throw new Error('the build failed');
  }
  const variants: [string, string, string[]][] = [
    ['npm start', 'npm', ['start']],
    ['node dist/main.js', process.execPath, ['dist/main.js']],
  ];
  const samples = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  // interleaved, so that a busy moment of the shared machine falls on both
  for (let run = 0; run < runs; run += 1) {
    for (const [name, command, args] of variants) {
      const { healthyMs, output } = await timedStart(command, args);
      if (output.includes('[build]')) {
        throw new Error(`${name} built although the build was current:\n${output}`);
      }
      samples.get(name)?.push(healthyMs);
    }
  }
  const result = variants.map(([name]) => {
    const summary = summarize(samples.get(name) ?? []);

    return {
      command: name,
      runs: summary.n,
      medianMs: round(summary.median, 0),
      p95Ms: round(summary.p95, 0),
      maxMs: round(summary.max, 0),
    };
  });
  report(
    'start',
    result,
    result.map((r) => ({
      command: r.command,
      runs: r.runs,
      'median ms': r.medianMs,
      'p95 ms': r.p95Ms,
      'max ms': r.maxMs,
    })),
  );
}
