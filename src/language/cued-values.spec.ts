import { CUED_VALUES, cuedValue } from 'src/language/cued-values';
import { languageOf } from 'src/language/language-of';

describe(cuedValue.name, () => {
  const rows = CUED_VALUES.flatMap((row) =>
    row.examples.map(([text, value]) => [row.id, text, row.slots[0] ?? 'location', value] as const),
  );

  it.each(rows)('%s: %j -> %j', (_id, text, slot, value) => {
    expect(cuedValue(text, slot, languageOf(text))).toBe(value);
  });

  it('reads no value for a slot without cues', () => {
    expect(cuedValue('i am 34', 'age', 'en')).toBeNull();
  });

  it('reads Danish cues only in Danish: "i" is no preposition in English', () => {
    expect(cuedValue('i moved last week', 'location', 'en')).toBeNull();
  });
});
