import { runSteps } from 'src/common/steps';
import { SourceRole } from 'src/domain/memory.enums';
import { INJECTION_SIGNALS } from 'src/memory/guards/injection-signals';
import type { InjectionSignal } from 'src/memory/guards/injection-signals';
import { collapse, deobfuscate, fold } from 'src/memory/guards/injection-text';

export { countHiddenCharacters, normalizeForScan } from 'src/memory/guards/injection-text';
export { INJECTION_SIGNALS } from 'src/memory/guards/injection-signals';
export type { InjectionSignal } from 'src/memory/guards/injection-signals';

export interface InjectionVerdict {
  quarantine: boolean;
  signals: string[];
  reason: string | null;
}

// Prompt-injection detection: the content folded (injection-text.ts), every signal of the table
// (injection-signals.ts) tested on it, quarantined at a threshold that depends on who wrote it.

function matches(signal: InjectionSignal, views: readonly string[], raw: string): boolean {
  const { test } = signal;

  return views.some((view) => (test instanceof RegExp ? test.test(view) : test(view, raw)));
}

/**
 * Ids of every signal that fires on `content`, in steps: building each view and testing each signal costs time in
 * proportion to the text (the whole scan, 25-60 ms on 100 KB).
 */
export function* injectionScanSteps(content: string): Generator<void, string[]> {
  const folded = fold(content);
  yield;
  const text = collapse(folded);
  yield;
  const deobfuscated = deobfuscate(folded);
  yield;
  const plain = collapse(deobfuscated);
  const views = plain === text ? [text] : [text, plain];
  const fired: string[] = [];
  for (const signal of INJECTION_SIGNALS) {
    yield;
    if (matches(signal, views, content)) {
      fired.push(signal.id);
    }
  }

  return fired;
}

/** Ids of every signal that fires on `content`. */
export function scanForInjection(content: string): string[] {
  return runSteps(injectionScanSteps(content));
}

const STRICT_ROLES: ReadonlySet<SourceRole> = new Set([SourceRole.TOOL, SourceRole.TASK, SourceRole.ASSISTANT]);

/** Signals needed to quarantine: one for machine-sourced text, two for what the user (or the system) wrote. */
export function quarantineThreshold(role: SourceRole): number {
  return STRICT_ROLES.has(role) ? 1 : 2;
}

/** detectInjection in steps (see injectionScanSteps). */
export function* injectionSteps(content: string, role: SourceRole): Generator<void, InjectionVerdict> {
  const signals = yield* injectionScanSteps(content);
  const quarantine = signals.length >= quarantineThreshold(role);

  return {
    quarantine,
    signals,
    reason: quarantine ? `quarantined: possible prompt injection in ${role} content (${signals.join(', ')})` : null,
  };
}

export function detectInjection(content: string, role: SourceRole): InjectionVerdict {
  return runSteps(injectionSteps(content, role));
}
