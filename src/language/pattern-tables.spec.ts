import { LANGUAGE_TABLES } from 'src/extraction/deterministic-extractor';
import { ENGLISH } from 'src/language/en/extraction';
import { detectSlot, normalizeSlotValue } from 'src/language/slots';
import type { SlotName } from 'src/language/slots';

const cases = LANGUAGE_TABLES.flatMap((table) =>
  table.patterns.flatMap((pattern) =>
    pattern.examples.map(
      (example) => [pattern.id, example.text, example.value, example.slot ?? null, pattern] as const,
    ),
  ),
);

describe('extraction pattern tables', () => {
  it.each(cases)('%s: %j -> %j', (_id, text, value, slot, pattern) => {
    const match = pattern.match(text);

    expect(match?.value ?? null).toBe(value);
    if (value !== null && slot !== null) {
      expect(match?.slot).toBe(slot);
    }
  });

  it('should give every pattern at least one example it takes and one it leaves alone', () => {
    const weak = LANGUAGE_TABLES.flatMap((table) => table.patterns)
      .filter((p) => !p.examples.some((e) => e.value !== null) || !p.examples.some((e) => e.value === null))
      .map((p) => p.id);

    expect(weak).toEqual([]);
  });

  it('should have unique pattern ids', () => {
    const ids = LANGUAGE_TABLES.flatMap((table) => table.patterns.map((p) => p.id));

    expect(new Set(ids).size).toBe(ids.length);
  });

  const slots: [SlotName, string][] = [
    ['name', 'Anders Jensen'],
    ['age', '34'],
    ['location', 'Copenhagen'],
    ['timezone', 'CET'],
    ['employer', 'Novo Nordisk'],
    ['occupation', 'software engineer'],
    ['email', 'anders@example.com'],
    ['language', 'Danish'],
  ];

  it.each(slots)(
    'should write English %s sentences the write path reads back as the same slot and value',
    (slot, value) => {
      const detected = detectSlot(ENGLISH.slotSentence(slot, value));

      expect(detected?.slot).toBe(slot);
      expect(normalizeSlotValue(detected?.value ?? '', slot)).toBe(normalizeSlotValue(value, slot));
    },
  );
});
