import { resolve } from 'node:path';

import { runBenchIn } from 'bench/support/bench-in-tree';
import { report, round } from 'bench/support/stats';
import type { Summary } from 'bench/support/stats';

type Measures = Record<string, Summary>;

/** The top-level fields of a bench's result that are latency summaries (n, median, p95), by name. */
export function summariesOf(result: unknown): Measures {
  if (typeof result !== 'object' || result === null) {
    return {};
  }
  const found: Measures = {};
  for (const [key, value] of Object.entries(result)) {
    const candidate = value as Partial<Summary> | null;
    if (
      typeof candidate === 'object' &&
      candidate !== null &&
      typeof candidate.median === 'number' &&
      typeof candidate.p95 === 'number' &&
      typeof candidate.n === 'number' &&
      candidate.n > 0
    ) {
      found[key] = candidate as Summary;
    }
  }

  return found;
}

/** The median over runs of one statistic: each run sees a different slice of a noisy machine. */
export function medianOver(runs: readonly Measures[], measure: string, stat: 'median' | 'p95'): number {
  const values = runs
    .map((r) => r[measure]?.[stat])
    .filter((v): v is number => v !== undefined)
    .sort((a, b) => a - b);

  const middle = Math.floor(values.length / 2);

  return values.length % 2 === 1 ? values[middle]! : ((values[middle - 1] ?? NaN) + (values[middle] ?? NaN)) / 2;
}

/**
 * `npm run bench -- ab <other tree> <bench> [rounds] [bench args...]`: any bench whose result holds latency summaries
 * (agent-turn, context, ...), in another checkout (e.g. a git worktree of the last landed commit) and in this one,
 * alternating A B A B in one session so both see the same machine; median and p95 of each measure side by side (the
 * median over rounds of each run's value).
 */
export async function runAb(otherTree: string, bench: string, rounds = 2, args: readonly string[] = []): Promise<void> {
  const trees = { before: resolve(otherTree), after: resolve(__dirname, '..') };
  const runs: Record<string, Measures[]> = { before: [], after: [] };
  for (let r = 0; r < rounds; r++) {
    for (const [name, tree] of Object.entries(trees)) {
      process.stderr.write(`round ${r + 1}: ${name} (${tree})\n`);
      runs[name]!.push(summariesOf(await runBenchIn(tree, bench, args)));
    }
  }
  const measures = [...new Set(Object.values(runs).flatMap((list) => list.flatMap((m) => Object.keys(m))))];
  const rows = measures.map((measure) => {
    const row: Record<string, string | number> = { measure };
    for (const name of Object.keys(trees)) {
      row[`${name} median ms`] = round(medianOver(runs[name]!, measure, 'median'));
      row[`${name} p95 ms`] = round(medianOver(runs[name]!, measure, 'p95'));
    }

    return row;
  });
  report(`ab-${bench}`, { trees, bench, rounds, args, runs }, rows);
}
