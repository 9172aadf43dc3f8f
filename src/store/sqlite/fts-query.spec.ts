import {
  ftsAnyWordExpression,
  ftsMatchExpression,
  MAX_WORD_ROWS,
  selectiveWords,
  tenantTokenPays,
  wordRowLimit,
} from 'src/store/sqlite/fts-query';

describe('selectiveWords', () => {
  it('keeps every word when none matches more than the limit', () => {
    const rows = new Map([
      ['melanie', 170],
      ['pottery', 3400],
      ['camping', MAX_WORD_ROWS],
    ]);

    expect(selectiveWords(['melanie', 'pottery', 'camping'], rows)).toEqual(['melanie', 'pottery', 'camping']);
  });

  it('leaves out the words matching more rows than the limit, in query order', () => {
    const rows = new Map([
      ['great', 59_000],
      ['john', 60_659],
      ['charity', 510],
      ['race', 1200],
    ]);

    expect(selectiveWords(['great', 'charity', 'john', 'race'], rows, 50_000)).toEqual(['charity', 'race']);
  });

  it('keeps the rarest word alone when every word is too common', () => {
    const rows = new Map([
      ['john', 60_001],
      ['great', 50_001],
      ['doing', 70_001],
    ]);

    expect(selectiveWords(['john', 'great', 'doing'], rows, 50_000)).toEqual(['great']);
  });

  it('counts a word without a count as matching nothing, and keeps it', () => {
    expect(selectiveWords(['zyzzyva', 'john'], new Map([['john', 90_000]]), 50_000)).toEqual(['zyzzyva']);
  });

  it('returns nothing for no words', () => {
    expect(selectiveWords([], new Map())).toEqual([]);
  });
});

describe('wordRowLimit', () => {
  it('lets a word match a third of the rows searched, never fewer than 2,000 nor more than MAX_WORD_ROWS', () => {
    expect(wordRowLimit(600)).toBe(2_000);
    expect(wordRowLimit(10_000)).toBe(3_333);
    expect(wordRowLimit(100_000)).toBe(33_333);
    expect(wordRowLimit(1_000_000)).toBe(MAX_WORD_ROWS);
  });
});

describe('FTS5 expressions', () => {
  it('quotes each word so input cannot use FTS5 operators', () => {
    expect(ftsMatchExpression('NEAR(a b) OR "x" -y')).toBe('"near" OR "a" OR "b" OR "or" OR "x" OR "y"');
    expect(ftsAnyWordExpression([])).toBeNull();
  });
});

describe('tenantTokenPays', () => {
  it('names the tenant while it holds under half of the index', () => {
    expect(tenantTokenPays(10_000, 1_000_000)).toBe(true);
    expect(tenantTokenPays(499_999, 1_000_000)).toBe(true);
    expect(tenantTokenPays(500_000, 1_000_000)).toBe(false);
    expect(tenantTokenPays(1_000_000, 1_000_000)).toBe(false);
    expect(tenantTokenPays(0, 0)).toBe(false);
  });
});
