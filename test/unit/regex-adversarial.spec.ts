import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';

import {
  boundOf,
  hostileInputs,
  KB10,
  LEAD_WORDS,
  NO_USER_TEXT,
  once,
  PROBES,
  RUNS,
  superlinear,
  tooSlow,
} from 'test/support/regex-probes';
import type { Probe } from 'test/support/regex-probes';

/**
 * No regular expression that sees user text may cost more than linear time.
 * Every probe below runs the expressions of one module on hostile 10 KB inputs (repeated lead words and fillers,
 * long runs of whitespace and punctuation, long values) and on generated ones, each call bounded at 50 ms (150 ms
 * for a whole write screen or extraction, which run many modules in a row); a call over its bound fails when its cost
 * also grows faster than the text (see superlinear), or passes a ceiling: an exponential or quadratic expression
 * takes seconds there. The inventory test finds every file under src/ with a
 * regular expression (by parsing it), so a new one is either probed here or listed with why it never sees user text.
 */

describe('the growth check', () => {
  const spaces = ' '.repeat(KB10);

  it('finds a quadratic expression superlinear', () => {
    const quadratic: Probe = (t) => /\s+$/u.test(`${t}x`);

    expect(superlinear(quadratic, spaces, once(quadratic, spaces))).toBe(true);
  });

  it('finds a slow linear call not superlinear', () => {
    // about 300 ms on 10 KB: over the 50 ms bound, under CEILING_MS even on a loaded host (300 rounds took about 1 s,
    // and the ceiling alone then called it superlinear)
    const linear: Probe = (t) => {
      for (let i = 0; i < 100; i += 1) {
        t.replace(/\s/gu, '_');
      }
    };

    expect(superlinear(linear, spaces, once(linear, spaces))).toBe(false);
  });
});

const probeCases = Object.entries(PROBES).flatMap(([file, probes]) =>
  Object.entries(probes).map(([name, probe]) => [file, name, probe] as const),
);

describe('every regular expression that sees user text runs in linear time', () => {
  const inputs = hostileInputs();

  it('finds a probe or a reason for every file under src/ with a regular expression', () => {
    const root = join(__dirname, '..', '..');
    const withRegex = sourceFiles(join(root, 'src'))
      .filter((file) => containsRegex(file))
      .map((file) => relative(root, file));
    const unaccounted = withRegex.filter((file) => !(file in PROBES) && !(file in NO_USER_TEXT));

    expect(unaccounted).toEqual([]);
    expect(withRegex.length).toBeGreaterThan(30);
  });

  it.each(probeCases)('%s %s: hostile 10 KB inputs', (_file, name, probe) => {
    const slow = inputs
      .map((text) => ({
        text: `${JSON.stringify(text.slice(0, 30))}... (${text.length})`,
        ms: tooSlow(probe, text, boundOf(name)),
      }))
      .filter((r) => r.ms !== null);

    expect(slow).toEqual([]);
  });

  const token = fc.constantFrom(
    ...LEAD_WORDS,
    ...RUNS,
    'Oslo',
    'Maria',
    'live in',
    'name is',
    '34',
    'years old',
    'who',
    'what',
  );
  const generated = fc
    .tuple(
      fc.array(token, { minLength: 1, maxLength: 6 }),
      fc.array(fc.constantFrom(' ', '', ', ', '. ', '\n'), { minLength: 1, maxLength: 3 }),
    )
    .map(([words, separators]) => {
      const unit = words.map((w, i) => `${w}${separators[i % separators.length]}`).join('');

      return unit.repeat(Math.max(1, Math.floor(KB10 / Math.max(1, unit.length)))).slice(0, KB10);
    });

  it.each(probeCases)('%s %s: generated 10 KB inputs', (_file, name, probe) => {
    fc.assert(
      fc.property(generated, (text) => tooSlow(probe, text, boundOf(name)) === null),
      { numRuns: 10, seed: 17 },
    );
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      return sourceFiles(path);
    }

    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

function containsRegex(file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isRegularExpressionLiteral(node) ||
      (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp')
    ) {
      found = true;
    }
    if (!found) {
      ts.forEachChild(node, visit);
    }
  };
  visit(source);

  return found;
}
