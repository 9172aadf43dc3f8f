import { DA_LANGUAGES } from 'src/language/da/words';
import { LANGUAGES } from 'src/language/en/slot-words';

/**
 * "wait, I meant March" names the new value and no old one: the old is the one held value of the new one's shape (a
 * month, a number, an address, a name), when exactly one slot value holds one. Pure: the decide stage passes the
 * held values.
 */

export interface HeldValue {
  slot: string;
  value: string;
  /** The holder wrote the value in lower case ("I live in copenhagen."). */
  lowerCase?: boolean;
}

type Shape = 'month' | 'number' | 'email' | 'language' | 'name';

const MONTHS: ReadonlySet<string> = new Set(
  (
    'january february march april may june july august september october november december ' +
    'januar februar marts juni juli oktober'
  ).split(' '),
);
/** "actually no, German": a language replaces the language held, not a name. */
const LANGUAGE_WORDS: ReadonlySet<string> = new Set([...LANGUAGES.split('|'), ...DA_LANGUAGES.split('|')]);
/** Slots whose whole value is a name. */
const NAMED: ReadonlySet<string> = new Set(['name', 'nickname', 'location', 'employer']);

function shapeOf(word: string): Shape | null {
  const lower = word.toLowerCase();
  if (lower.includes('@')) {
    return 'email';
  }
  if (MONTHS.has(lower)) {
    return 'month';
  }
  if (LANGUAGE_WORDS.has(lower)) {
    return 'language';
  }
  if (lower.length > 0 && [...lower].every((c) => c >= '0' && c <= '9')) {
    return 'number';
  }

  return null;
}

/** The part of a held value the new one replaces: a word of the same shape, or a whole name. */
function partsOf(held: HeldValue, shape: Shape): string[] {
  if (shape === 'name') {
    return NAMED.has(held.slot) ? [held.value] : [];
  }
  if (shape === 'language') {
    return held.slot === 'language' ? [held.value] : [];
  }

  return held.value.split(' ').filter((word) => shapeOf(word) === shape);
}

/**
 * The old value `to` replaces, or null when no held value, or more than one, has its shape. A name said in lower case
 * (`lowerCase`) replaces only a value the user also wrote in lower case: "wait no, it's actually malmö" after "living
 * in copenhagen".
 */
export function oldValueOfShape(held: readonly HeldValue[], to: string, lowerCase = false): string | null {
  const shape: Shape = shapeOf(to) ?? 'name';
  const alike = lowerCase && shape === 'name' ? held.filter((h) => h.lowerCase === true) : held;
  const candidates = [
    ...new Set(alike.flatMap((h) => partsOf(h, shape)).filter((part) => part.toLowerCase() !== to.toLowerCase())),
  ];

  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}
