import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { defaultLocomoDir } from 'bench/support/locomo-dataset';
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

/** Runs `bench/run.ts load <seconds>` in `tree` (its own code, its own server) and reads the JSON it prints. */
function runLoadIn(tree: string, seconds: number): Promise<{ operations: LoadOperation[]; seconds: number }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        '-r',
        'tsconfig-paths/register',
        'bench/run.ts',
        'load',
        String(seconds),
      ],
      {
        cwd: tree,
        env: { ...process.env, LOCOMO_DIR: defaultLocomoDir() },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"benchmark"'));
      if (code !== 0 || line === undefined) {
        fail(new Error(`load bench in ${tree} exited with ${code}`));

        return;
      }
      const parsed = JSON.parse(line) as { result: { operations: LoadOperation[]; seconds: number } };
      done(parsed.result);
    });
  });
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
