import { clauses, extractDeterministic, MAX_SENTENCE_CHARS, sentences } from 'src/extraction/deterministic-extractor';
import { stripInjected } from 'src/extraction/injected-text';
import { DANISH } from 'src/language/da/extraction';
import { ENGLISH } from 'src/language/en/extraction';
import { leadWords, trimValue } from 'src/language/pattern-table';

/**
 * The stalls found by probing, one test each (each took seconds to minutes before its fix). The
 * generated test over every pattern is test/unit/regex-adversarial.spec.ts.
 */

function timed(run: () => unknown): number {
  const started = performance.now();
  run();

  return performance.now() - started;
}

const SPACES = ' '.repeat(30_000);
const pattern = (id: string) => [...ENGLISH.patterns, ...DANISH.patterns].find((p) => p.id === id)!;

describe('extraction in linear time', () => {
  it.each(['en.remember', 'en.forget', 'en.preference.verb'])('%s: "oh and " x 40 fails fast', (id) => {
    expect(timed(() => pattern(id).match('oh and '.repeat(40)))).toBeLessThan(50);
    expect(timed(() => pattern(id).match(`${'oh and '.repeat(40)}x`))).toBeLessThan(50);
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
      expect(timed(() => pattern(id).match(`${'og så '.repeat(40)}x`))).toBeLessThan(50);
      expect(timed(() => pattern(id).match(`${'hej, altså '.repeat(40)}x`))).toBeLessThan(50);
    },
  );

  it('refuses a multi-word lead word, which would match a run of lead words two ways', () => {
    expect(() => leadWords(['oh', 'and', 'oh and'])).toThrow(/single words/);
    expect(new RegExp(`^${leadWords(['oh', 'and'])}x$`, 'u').test('oh, and oh and x')).toBe(true);
  });

  it('trimValue trims 30,000 spaces in linear time', () => {
    let trimmed = '';

    expect(timed(() => (trimmed = trimValue(`"Oslo${SPACES}x${SPACES}."${SPACES}`)))).toBeLessThan(50);
    expect(trimmed).toBe(`Oslo${SPACES}x`);
    expect(trimValue(' “Aarhus”. ')).toBe('Aarhus');
  });

  it('stripInjected drops spaces before line breaks in linear time', () => {
    let stripped = '';

    expect(timed(() => (stripped = stripInjected(`note${SPACES}x\nmore  \t\nend${SPACES}`)))).toBeLessThan(50);
    expect(stripped).toBe(`note${SPACES}x\nmore\nend`);
    expect(stripInjected('a <engram-context>old</engram-context> b')).toBe('a   b');
  });

  it('clauses split a sentence with a long space run in linear time', () => {
    expect(timed(() => clauses(`I live in Oslo${SPACES};${SPACES}x`))).toBeLessThan(50);
    expect(clauses('I live in Oslo ; and I work at Lego')).toEqual(['I live in Oslo', 'and I work at Lego']);
  });

  it('sentences fold whitespace runs, skip sentences longer than the bound and read the first 20,000 characters', () => {
    expect(sentences(`${'x'.repeat(25_000)}\nI am 40.`)).toEqual([]);
    expect(sentences(`I live in${' '.repeat(3000)}Oslo. ${'word '.repeat(MAX_SENTENCE_CHARS)}. I am 40.`)).toEqual([
      'I live in Oslo.',
      'I am 40.',
    ]);
    expect(timed(() => extractDeterministic(`remember that I live in Oslo${SPACES};${SPACES}x`))).toBeLessThan(100);
  });
});
