import { readFileSync } from 'node:fs';

/**
 * The memory-quality case format (the shared data's memory-quality/README.md): a short sequence of writes into an empty
 * tenant, then a judgement of what is ACTIVE. Parsing and judging are pure; bench/quality.bench.ts runs the steps.
 */

export type Step = ['say' | 'remember', string, { role?: string; trust?: string; speaker?: string; type?: string }?];

export interface Expectation {
  slot?: [string, string];
  gone?: string[];
  slots?: [string, string][];
  retired?: number[];
  noSlot?: string;
  stored?: boolean;
  type?: string;
  tag?: string;
  count?: [string, number];
  recall?: [string, string, string];
}

export interface QualityCase {
  id: string;
  category: string;
  steps: Step[];
  expect: Expectation;
}

export interface ActiveMemory {
  id: string;
  content: string;
  slot: string | null;
  type: string;
  tags: string[];
}

/** What the steps stored: the ids each step CREATED or REINFORCED, and the last stored memory. */
export interface Replay {
  storedBy: string[][];
  last: { type: string; tags: string[] } | null;
  /** Contents of the recall hits for `expect.recall`, best first. */
  recalled: string[];
}

export function readCases(path: string): QualityCase[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line, i) => {
      try {
        return JSON.parse(line) as QualityCase;
      } catch {
        throw new Error(`${path}:${i + 1}: not JSON`);
      }
    });
}

/** Whether `content` names `word` as a whole word or phrase, in any case. */
export function names(content: string, word: string): boolean {
  const escaped = word
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')
    .replace(/\s+/gu, String.raw`\s+`);

  return new RegExp(String.raw`(?<![\p{L}\p{N}])${escaped}(?![\p{L}\p{N}])`, 'iu').test(content);
}

/** Every expectation of the case that does not hold, in words; empty when the case passes. */
export function judge(expect: Expectation, active: readonly ActiveMemory[], replay: Replay): string[] {
  const failures: string[] = [];
  const activeIds = new Set(active.map((m) => m.id));
  const slot = (name: string, value: string): void => {
    const holders = active.filter((m) => m.slot === name);
    if (holders.length !== 1 || !names(holders[0]!.content, value)) {
      failures.push(
        `slot ${name}=${value}: ${holders.length} holder(s) ${JSON.stringify(holders.map((m) => m.content))}`,
      );
    }
  };
  if (expect.slot) {
    slot(...expect.slot);
  }
  for (const [name, value] of expect.slots ?? []) {
    slot(name, value);
  }
  for (const word of expect.gone ?? []) {
    if (active.some((m) => names(m.content, word))) {
      failures.push(`gone ${word}: still ACTIVE`);
    }
  }
  for (const step of expect.retired ?? []) {
    const ids = replay.storedBy[step] ?? [];
    if (ids.length === 0) {
      failures.push(`retired ${step}: step ${step} stored nothing`);
    } else if (ids.some((id) => activeIds.has(id))) {
      failures.push(`retired ${step}: still ACTIVE`);
    }
  }
  if (expect.noSlot !== undefined && active.some((m) => m.slot === expect.noSlot)) {
    failures.push(`noSlot ${expect.noSlot}: held`);
  }
  const lastStored = (replay.storedBy[replay.storedBy.length - 1] ?? []).length > 0;
  if (expect.stored !== undefined && expect.stored !== lastStored) {
    failures.push(`stored: expected ${expect.stored}, got ${lastStored}`);
  }
  // a type is a MemoryType name in any case: "Todo" is TODO
  if (expect.type !== undefined && replay.last?.type.toUpperCase() !== expect.type.toUpperCase()) {
    failures.push(`type: expected ${expect.type}, got ${replay.last?.type ?? 'nothing stored'}`);
  }
  if (expect.tag !== undefined && !(replay.last?.tags ?? []).includes(expect.tag)) {
    failures.push(`tag: expected ${expect.tag}, got ${JSON.stringify(replay.last?.tags ?? null)}`);
  }
  if (expect.count) {
    const [word, n] = expect.count;
    const found = active.filter((m) => names(m.content, word)).length;
    if (found !== n) {
      failures.push(`count ${word}: expected ${n}, got ${found}`);
    }
  }
  if (expect.recall) {
    const [, want, stale] = expect.recall;
    if (!names(replay.recalled[0] ?? '', want)) {
      failures.push(`recall: top hit ${JSON.stringify(replay.recalled[0] ?? null)} does not name ${want}`);
    }
    if (replay.recalled.slice(0, 5).some((c) => names(c, stale))) {
      failures.push(`recall: ${stale} in the top 5`);
    }
  }

  return failures;
}
