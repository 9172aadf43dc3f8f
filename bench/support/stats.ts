import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Summary {
  n: number;
  median: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) {
    return NaN;
  }
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));

  return sorted[index] ?? NaN;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);

  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    mean,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;

  return Math.round(value * f) / f;
}

/** A markdown table from rows of equal keys. */
export function markdownTable(rows: readonly Record<string, string | number>[]): string {
  const first = rows[0];
  if (!first) {
    return '(no rows)';
  }
  const keys = Object.keys(first);
  const line = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;

  return [line(keys), line(keys.map(() => '---')), ...rows.map((row) => line(keys.map((k) => row[k] ?? '')))].join(
    '\n',
  );
}

/** Prints the JSON and the table, and keeps the JSON under bench/results/ (git-ignored). */
export function report(name: string, result: unknown, rows: readonly Record<string, string | number>[]): void {
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const stamped = { benchmark: name, at: new Date().toISOString(), result };
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(stamped, null, 2));
  process.stdout.write(`${JSON.stringify(stamped)}\n\n${markdownTable(rows)}\n`);
}
