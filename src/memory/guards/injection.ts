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

/** Ids of every signal that fires on `content`. */
export function scanForInjection(content: string): string[] {
  const folded = fold(content);
  const text = collapse(folded);
  const plain = collapse(deobfuscate(folded));
  const views = plain === text ? [text] : [text, plain];

  return INJECTION_SIGNALS.filter((signal) => matches(signal, views, content)).map((signal) => signal.id);
}

const STRICT_ROLES: ReadonlySet<SourceRole> = new Set([SourceRole.TOOL, SourceRole.TASK, SourceRole.ASSISTANT]);

/** Signals needed to quarantine: one for machine-sourced text, two for what the user (or the system) wrote. */
export function quarantineThreshold(role: SourceRole): number {
  return STRICT_ROLES.has(role) ? 1 : 2;
}

export function detectInjection(content: string, role: SourceRole): InjectionVerdict {
  const signals = scanForInjection(content);
  const quarantine = signals.length >= quarantineThreshold(role);

  return {
    quarantine,
    signals,
    reason: quarantine ? `quarantined: possible prompt injection in ${role} content (${signals.join(', ')})` : null,
  };
}
