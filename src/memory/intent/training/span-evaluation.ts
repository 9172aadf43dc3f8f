import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

import type { SlotName } from 'src/language/slots';
import { detectUserClaim, SLOT_NAMES } from 'src/language/slots';
import { classifyIntent } from 'src/memory/intent/classify-intent';
import { DATA_DIR } from 'src/memory/intent/training/dataset';
import { extractValueSpans, valueForSlot } from 'src/memory/intent/value-spans';

const spanSchema = z.object({
  text: z.string(),
  lang: z.enum(['en', 'da']),
  slot: z.enum(SLOT_NAMES as [SlotName, ...SlotName[]]),
  value: z.string(),
});
type LabelledSpan = z.infer<typeof spanSchema>;

export type ValueMethod = (row: LabelledSpan) => string | null;

export const VALUE_METHODS: Record<string, ValueMethod> = {
  'slot rules (detectUserClaim)': (row) => {
    const found = detectUserClaim(row.text);

    return found?.slot === row.slot ? found.value : null;
  },
  'compromise + chrono-node': (row) => valueForSlot(row.slot, extractValueSpans(row.text, row.lang)),
  // end to end: the slot as the classifier reads it (a wrong slot gives a value that cannot match), then its span
  'classifier slot + compromise': (row) => {
    const predicted = classifyIntent(row.text, row.lang).slots;
    if (predicted.length === 0) {
      return null;
    }

    return predicted.includes(row.slot)
      ? valueForSlot(row.slot, extractValueSpans(row.text, row.lang))
      : `(slot ${predicted.join('+')})`;
  },
  'rules, else compromise': (row) =>
    VALUE_METHODS['slot rules (detectUserClaim)']?.(row) ?? VALUE_METHODS['compromise + chrono-node']?.(row) ?? null,
};

function same(found: string, gold: string): boolean {
  const fold = (text: string): string =>
    text
      .toLowerCase()
      .replace(/^(?:the|on|den|d\.)\s+/u, '')
      .replace(/[\s.,;:!?]+$/u, '')
      .trim();

  return fold(found) === fold(gold);
}

export function readLabelledSpans(file: string): LabelledSpan[] {
  return readFileSync(join(DATA_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => spanSchema.parse(JSON.parse(line)));
}

/** Precision (right values among those given) and recall (right values among all), per slot and language. */
export function spanTable(rows: readonly LabelledSpan[], methods = VALUE_METHODS): string {
  const lines = ['| method | rows | given | right | precision | recall |', '| --- | --- | --- | --- | --- | --- |'];
  const groups = new Map<string, LabelledSpan[]>([['all', [...rows]]]);
  for (const row of rows) {
    for (const key of [row.lang, row.slot]) {
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
  }
  for (const [name, method] of Object.entries(methods)) {
    for (const [group, members] of groups) {
      const found = members.map((row) => ({ row, value: method(row) }));
      const given = found.filter(({ value }) => value !== null);
      const right = given.filter(({ row, value }) => value !== null && same(value, row.value));
      const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(0)}%`);
      lines.push(
        `| ${name} / ${group} | ${members.length} | ${given.length} | ${right.length} | ` +
          `${pct(right.length, given.length)} | ${pct(right.length, members.length)} |`,
      );
    }
  }

  return lines.join('\n');
}
