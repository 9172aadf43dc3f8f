import fc from 'fast-check';
import { decode, encode, countTokens as libraryCount } from 'gpt-tokenizer/cjs/encoding/o200k_base';

import { bpeSegments, countTokens, truncateToTokens } from 'src/common/tokens';
import { growth, MAX_GROWTH } from 'test/support/growth';

const AS_TEXT = { disallowedSpecial: new Set<string>() };
const PROSE = 'The quarterly planning meeting moved to Thursday, and Maria will bring the budget draft. '.repeat(120);

describe('token counts', () => {
  it('counts long ordinary text exactly as the library does in one piece', () => {
    expect(countTokens(PROSE)).toBe(libraryCount(PROSE, AS_TEXT));
    expect(countTokens(`${PROSE}\n\n${PROSE.toUpperCase()}`)).toBe(
      libraryCount(`${PROSE}\n\n${PROSE.toUpperCase()}`, AS_TEXT),
    );
  });

  // lines of a context text, and what a hostile one could hold around its newlines
  const PIECES = [
    '\n',
    '\n\n',
    '\r\n',
    ' \n',
    '\t',
    ' ',
    '/',
    '//',
    '.',
    '...',
    ':',
    '- ',
    '[earlier, 2024-05-03] ',
    'Maria: ',
    "it's",
    "'ll",
    'Über',
    'naïve',
    '日本語',
    '🙂',
    '12345',
    '3.5',
    'word',
    'Word',
    'WORD',
    '## Heading',
    '<engram-context>',
  ];

  it('counts long text line by line exactly as the library does in one piece', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 400 }), (parts) => {
        const text = `${PROSE.slice(0, 4001)}${parts.join('')}`;

        expect(countTokens(text)).toBe(libraryCount(text, AS_TEXT));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts segments that put the text back together unchanged', () => {
    const text = `${PROSE}${'x'.repeat(3000)}${' '.repeat(3000)}end`;

    expect(bpeSegments(text).join('')).toBe(text);
    expect(Math.max(...bpeSegments(text).map((s) => s.length))).toBeLessThanOrEqual(256);
  });

  it('keeps truncation a whole-token prefix of the text', () => {
    const cut = truncateToTokens(PROSE, 40);

    expect(PROSE.startsWith(cut)).toBe(true);
    expect(cut).toBe(decode(encode(PROSE, AS_TEXT).slice(0, 40)));
  });

  // one pre-token of 100,000 characters took about 12 s in gpt-tokenizer (quadratic merging)
  it.each([
    ['spaces', (n: number) => `a${' '.repeat(n)}b`],
    ['letters', (n: number) => 'q'.repeat(n)],
    ['full stops', (n: number) => '.'.repeat(n)],
  ])('counts 100,000 %s in a row in linear time', (_name, text) => {
    // judged by growth from 25,000 to 100,000 characters (test/support/growth.ts), not by a clock bound
    expect(growth((n) => () => countTokens(text(n)), 25_000)).toBeLessThan(MAX_GROWTH);
    expect(growth((n) => () => truncateToTokens(text(n), 10), 25_000)).toBeLessThan(MAX_GROWTH);
    expect(countTokens(text(100_000))).toBeGreaterThan(0);
  });
});
