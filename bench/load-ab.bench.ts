import { resolve } from 'node:path';

import { runBenchIn } from 'bench/support/bench-in-tree';
import { report, round } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';

interface LoadOperation {
  op: string;
  ok: number;
  perSecond: number;
  latency: Summary;
}

interface LoadRun {
  tree: string;
  round: number;
  operations: LoadOperation[];
  seconds: number;
}

/** Runs `bench/run.ts load <seconds>` in `tree` and reads what it measured. */
async function runLoadIn(tree: string, seconds: number): Promise<{ operations: LoadOperation[]; seconds: number }> {
  return (await runBenchIn(tree, 'load', [String(seconds)])) as { operations: LoadOperation[]; seconds: number };
}

function pooledP95(runs: readonly LoadRun[], op: string): number {
  // the median over runs of each run's p95: runs are equally long, so this is the typical tail
  const values = runs.map((r) => r.operations.find((o) => o.op === op)?.latency.p95 ?? NaN).sort((a, b) => a - b);

  return values[Math.floor(values.length / 2)] ?? NaN;
}

/**
 * `npm run bench -- load-ab <other tree> [rounds] [seconds]`: the load benchmark of another checkout (e.g. a git
 * worktree of the base commit) and of this one, alternating A B A B in one session so both see the same machine;
 * requests/s and p95 side by side.
 */
export async function runLoadAb(otherTree: string, rounds = 2, seconds = 30): Promise<void> {
  const trees = { before: resolve(otherTree), after: resolve(__dirname, '..') };
  const runs: LoadRun[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [name, tree] of Object.entries(trees)) {
      process.stderr.write(`round ${r + 1}: ${name} (${tree})\n`);
      runs.push({ tree: name, round: r, ...(await runLoadIn(tree, seconds)) });
    }
  }
  const ops = [...new Set(runs.flatMap((r) => r.operations.map((o) => o.op)))];
  const rows: Record<string, string | number>[] = [];
  for (const op of [...ops, 'all']) {
    const row: Record<string, string | number> = { operation: op };
    for (const name of Object.keys(trees)) {
      const mine = runs.filter((r) => r.tree === name);
      const perSecond = mine.map((r) =>
        op === 'all'
          ? r.operations.reduce((sum, o) => sum + o.ok, 0) / r.seconds
          : (r.operations.find((o) => o.op === op)?.perSecond ?? 0),
      );
      row[`${name} req/s`] = round(perSecond.reduce((a, b) => a + b, 0) / perSecond.length, 1);
      row[`${name} p95 ms`] = op === 'all' ? '' : round(pooledP95(mine, op));
    }
    rows.push(row);
  }
  report('load-ab', { trees, rounds, seconds, runs }, rows);
}
