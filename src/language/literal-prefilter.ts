import { RegExpParser } from '@eslint-community/regexpp';
import type { Alternative, Element } from '@eslint-community/regexpp/ast';

/** One need of an expression: the text holds at least one of these strings, or the expression cannot match. */
type Need = readonly string[];

/** What an expression needs of a text before it can match it, and how to look for it. */
export interface Prefilter {
  readonly needs: readonly Need[];
  /** The needs are case-folded (the expression ignores case): look for them in `foldCase(text)`. */
  readonly caseless: boolean;
}

/** A literal run shorter than this filters too little to be worth a lookup. */
const SHORTEST = 2;

/**
 * In an expression that ignores case, a literal character is taken only where lower-casing the text finds every
 * character the expression would match for it: ASCII and Danish letters, digits and ASCII punctuation.
 */
const FOLDS_PLAINLY = /^[a-z0-9æøå '’.,;:!?&@#%+=/-]$/u;

const parser = new RegExpParser();

/**
 * The literal strings an expression cannot match without (`(?:^|, )i moved to (\w+)` needs "i moved to"), read
 * from its syntax tree: a cheap `includes` that says no spares the engine a scan of the text. Conservative by
 * construction: only literal runs every match must contain, and for alternatives only when each names one.
 */
export function prefilterOf(regex: RegExp): Prefilter {
  const pattern = parser.parsePattern(regex.source, 0, regex.source.length, {
    unicode: regex.unicode,
    unicodeSets: regex.flags.includes('v'),
  });

  return { needs: alternativesNeeds(pattern.alternatives, regex.ignoreCase), caseless: regex.ignoreCase };
}

/** Whether the expression of `filter` may match `text`; `folded` is `foldCase(text)`, for caseless filters. */
export function mayMatch(filter: Prefilter, text: string, folded: string): boolean {
  const seen = filter.caseless ? folded : text;

  return filter.needs.every((need) => need.some((literal) => seen.includes(literal)));
}

/** The text as caseless needs are looked for in it. */
export function foldCase(text: string): string {
  // the long s is an s to an expression that ignores case, and lower-casing keeps it
  return text.toLowerCase().replace(/ſ/gu, 's');
}

function alternativesNeeds(alternatives: readonly Alternative[], caseless: boolean): Need[] {
  const each = alternatives.map((alternative) => sequenceNeeds(alternative.elements, caseless));
  if (each.length === 1) {
    return each[0]!;
  }
  // one of the alternatives matched: its longest single literal, if every alternative has one
  const picks = each.map((needs) =>
    needs
      .filter((need) => need.length === 1)
      .map((need) => need[0]!)
      .sort((a, b) => b.length - a.length)
      .at(0),
  );

  const found = picks.filter((pick): pick is string => pick !== undefined);

  return found.length === picks.length ? [found] : [];
}

function sequenceNeeds(elements: readonly Element[], caseless: boolean): Need[] {
  const needs: Need[] = [];
  let run = '';
  const flush = (): void => {
    if (run.length >= SHORTEST) {
      needs.push([run]);
    }
    run = '';
  };
  const literal = (value: number): string | null => {
    const char = String.fromCodePoint(value);
    if (!caseless) {
      return char;
    }
    const lower = char.toLowerCase();

    return FOLDS_PLAINLY.test(lower) ? lower : null;
  };
  for (const element of elements) {
    if (element.type === 'Character') {
      const char = literal(element.value);
      if (char === null) {
        flush();
      } else {
        run += char;
      }
    } else if (element.type === 'Quantifier' && element.min >= 1 && element.element.type === 'Character') {
      // "s+" holds one s for certain; what follows it may be further s's
      const char = literal(element.element.value);
      if (char !== null) {
        run += char;
      }
      flush();
    } else if (element.type === 'Quantifier' && element.min >= 1 && isPlainGroup(element.element)) {
      flush();
      needs.push(...alternativesNeeds(element.element.alternatives, caseless));
    } else if (isPlainGroup(element)) {
      flush();
      needs.push(...alternativesNeeds(element.alternatives, caseless));
    } else {
      // a class, a set, an assertion, a back-reference or an optional part: the run ends here
      flush();
    }
  }
  flush();

  return needs;
}

/** A group or capturing group that changes no flags (a modifier group may change case-sensitivity inside). */
function isPlainGroup(element: Element): element is Extract<Element, { type: 'Group' | 'CapturingGroup' }> {
  return element.type === 'CapturingGroup' || (element.type === 'Group' && element.modifiers === null);
}
