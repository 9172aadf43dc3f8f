import { clauseFeatures, clauseTokens } from 'src/memory/intent/features';

describe('clauseTokens', () => {
  it('keeps words lowercased and marks e-mail addresses, numbers and template placeholders', () => {
    expect(clauseTokens("I'm 34, mail me at Ana.B@proton.me")).toEqual(['im', 'qnumq', 'mail', 'me', 'at', 'qemailq']);
    expect(clauseTokens('My name is <name> and I live in {city}')).toEqual([
      'my',
      'name',
      'is',
      'qplaceholderq',
      'and',
      'i',
      'live',
      'in',
      'qplaceholderq',
    ]);
    expect(clauseTokens('Hvor bor jeg?')).toEqual(['hvor', 'bor', 'jeg', '?']);
  });
});

describe('clauseFeatures', () => {
  it('gives the same buckets for the same clause, inside the table, each once', () => {
    const first = clauseFeatures('these days home is Rotterdam', 'en', 12);

    expect(clauseFeatures('these days home is Rotterdam', 'en', 12)).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    expect(first.every((bucket) => bucket >= 0 && bucket < 4096)).toBe(true);
  });

  it('tells the languages apart and shares character n-grams between a word and its typo', () => {
    const en = new Set(clauseFeatures('restaurant', 'en', 16));
    const da = new Set(clauseFeatures('restaurant', 'da', 16));
    const typo = clauseFeatures('restuarant', 'en', 16);

    expect([...da].some((bucket) => !en.has(bucket))).toBe(true);
    expect(typo.filter((bucket) => en.has(bucket)).length).toBeGreaterThan(3);
  });
});
