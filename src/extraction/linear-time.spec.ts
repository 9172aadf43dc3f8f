import { clauses, extractDeterministic, MAX_SENTENCE_CHARS, sentences } from 'src/extraction/deterministic-extractor';
import { stripInjected } from 'src/extraction/injected-text';
import { DANISH } from 'src/language/da/extraction';
import { ENGLISH } from 'src/language/en/extraction';
import { leadWords, trimValue } from 'src/language/pattern-table';
import { growth, MAX_GROWTH } from 'test/support/growth';

/**
 * The stalls found by probing, one test each (each took seconds to minutes before its fix), judged by growth: the
 * work at 4n costs at most MAX_GROWTH times the work at n (test/support/growth.ts), never by a clock bound. The
 * generated test over every pattern is test/unit/regex-adversarial.spec.ts.
 */

const SPACES = ' '.repeat(30_000);
const spaces = (size: number): string => ' '.repeat(size);
const pattern = (id: string) => [...ENGLISH.patterns, ...DANISH.patterns].find((p) => p.id === id)!;

describe('extraction in linear time', () => {
  it.each(['en.remember', 'en.forget', 'en.preference.verb'])('%s: "oh and " x 40 fails fast', (id) => {
    expect(growth((n) => () => pattern(id).match('oh and '.repeat(n)), 10)).toBeLessThan(MAX_GROWTH);
    expect(growth((n) => () => pattern(id).match(`${'oh and '.repeat(n)}x`), 10)).toBeLessThan(MAX_GROWTH);
  });

  it('en.remember still takes lead words in any number', () => {
    expect(pattern('en.remember').match('Oh and also, please remember that my van is blue')?.value).toBe(
      'my van is blue',
    );
    expect(pattern('en.forget').match('oh and forget my phone number')?.value).toBe('my phone number');
  });

  it.each(['da.remember', 'da.forget', 'da.slot.name', 'da.slot.location'])(
    '%s: Danish lead words x 40 fail fast',
    (id) => {
      expect(growth((n) => () => pattern(id).match(`${'og så '.repeat(n)}x`), 10)).toBeLessThan(MAX_GROWTH);
      expect(growth((n) => () => pattern(id).match(`${'hej, altså '.repeat(n)}x`), 10)).toBeLessThan(MAX_GROWTH);
    },
  );

  it('refuses a multi-word lead word, which would match a run of lead words two ways', () => {
    expect(() => leadWords(['oh', 'and', 'oh and'])).toThrow(/single words/);
    expect(new RegExp(`^${leadWords(['oh', 'and'])}x$`, 'u').test('oh, and oh and x')).toBe(true);
  });

  it('trimValue trims 30,000 spaces in linear time', () => {
    const text = (n: number): string => `"Oslo${spaces(n)}x${spaces(n)}."${spaces(n)}`;
    expect(growth((n) => () => trimValue(text(n)), 7_500)).toBeLessThan(MAX_GROWTH);
    expect(trimValue(`"Oslo${SPACES}x${SPACES}."${SPACES}`)).toBe(`Oslo${SPACES}x`);
    expect(trimValue(' “Aarhus”. ')).toBe('Aarhus');
  });

  it('stripInjected drops spaces before line breaks in linear time', () => {
    const text = (n: number): string => `note${spaces(n)}x\nmore  \t\nend${spaces(n)}`;
    expect(growth((n) => () => stripInjected(text(n)), 7_500)).toBeLessThan(MAX_GROWTH);
    expect(stripInjected(text(30_000))).toBe(`note${SPACES}x\nmore\nend`);
    expect(stripInjected('a <engram-context>old</engram-context> b')).toBe('a   b');
  });

  it('stripInjected removes every block, closed or not, and reads openings without a ">" in linear time', () => {
    expect(stripInjected('a <ENGRAM-CONTEXT id="1">x</Engram-Context> b <engram-context>y</engram-context> c')).toBe(
      'a   b   c',
    );
    expect(stripInjected('keep <engram-context>runs to the end')).toBe('keep');
    expect(stripInjected('<engram-contextual> stays')).toBe('<engram-contextual> stays');
    expect(stripInjected('a <engram-context b')).toBe('a <engram-context b');
    const openings = (n: number): (() => string) => {
      const text = '<engram-context'.repeat(n);

      return () => stripInjected(text);
    };
    expect(growth(openings, 2_500)).toBeLessThan(MAX_GROWTH);
  });

  it('clauses split a sentence with a long space run in linear time', () => {
    expect(growth((n) => () => clauses(`I live in Oslo${spaces(n)};${spaces(n)}x`), 7_500)).toBeLessThan(MAX_GROWTH);
    expect(clauses('I live in Oslo ; and I work at Lego')).toEqual(['I live in Oslo', 'and I work at Lego']);
  });

  it('sentences fold whitespace runs, skip sentences longer than the bound and read the first 20,000 characters', () => {
    expect(sentences(`${'x'.repeat(25_000)}\nI am 40.`)).toEqual([]);
    expect(sentences(`I live in${' '.repeat(3000)}Oslo. ${'word '.repeat(MAX_SENTENCE_CHARS)}. I am 40.`)).toEqual([
      'I live in Oslo.',
      'I am 40.',
    ]);
    expect(
      growth((n) => () => extractDeterministic(`remember that I live in Oslo${spaces(n)};${spaces(n)}x`), 7_500),
    ).toBeLessThan(MAX_GROWTH);
  });
});
