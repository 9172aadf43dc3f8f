/**
 * The new value a take-back points at: "nobody calls me Flo these days, it's Tyna now", "det er Mulle nu". Words, not
 * patterns: no expression sees the text here.
 */

const OPENINGS: readonly (readonly string[])[] = [
  ["it's"],
  ['its'],
  ['it', 'is'],
  ['now', "it's"],
  ['now', 'its'],
  ['now', 'it', 'is'],
  ['det', 'er'],
  ['nu', 'er', 'det'],
];
/** Openings that say a correction themselves, so no "now" is needed: "I meant Bosch", "det er faktisk Køge". */
const CORRECTING: readonly (readonly string[])[] = [
  ['i', 'meant'],
  ["it's", 'actually'],
  ['its', 'actually'],
  ['it', 'is', 'actually'],
  ['jeg', 'mente'],
  ['det', 'er', 'faktisk'],
];
const NOW: ReadonlySet<string> = new Set(['now', 'nu']);
const LEAD: ReadonlySet<string> = new Set(['and', 'but', 'so', 'og', 'men', 'så']);
/** What "it's ... now" says of a state, not a value: "it's dead now", "it's fine now". */
const NOT_A_VALUE: ReadonlySet<string> = new Set(
  (
    'fine ok okay good great bad dead gone over done different better worse wrong right true false changed closed ' +
    'mine not no a an the too late fixed broken official final over with fint godt slut forbi anderledes død lukket ' +
    'ikke min mit bedre værre what it is that this who how which det hvad to i jeg at'
  ).split(' '),
);
const MAX_VALUE_WORDS = 3;

function trimPunctuation(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && '"\'“”('.includes(word.charAt(start))) {
    start += 1;
  }
  while (end > start && '.!,;:?"\'“”)'.includes(word.charAt(end - 1))) {
    end -= 1;
  }

  return word.slice(start, end);
}

const startsWith = (words: readonly string[], opening: readonly string[]): boolean =>
  opening.every((word, i) => words[i] === word);

/** The value of "it's X now" / "now it's X" / "det er X nu" / "I meant X" (one to three words), or null. */
export function itsNowValue(part: string): string | null {
  const words = part
    .replace(/[’‘]/gu, "'")
    .split(' ')
    .map(trimPunctuation)
    // an emoji or a dash is no word
    .filter((word) => /[\p{L}\p{N}]/u.test(word) || word === '&');
  let lower = words.map((word) => word.toLowerCase());
  const skip = LEAD.has(lower[0] ?? '') ? 1 : 0;
  lower = lower.slice(skip);
  const correcting = CORRECTING.find((candidate) => startsWith(lower, candidate));
  const opening = correcting ?? OPENINGS.find((candidate) => startsWith(lower, candidate));
  if (opening === undefined) {
    return null;
  }
  const leadingNow = NOW.has(opening[0] ?? '');
  const trailingNow = NOW.has(lower[lower.length - 1] ?? '');
  if (!leadingNow && !trailingNow && correcting === undefined) {
    return null;
  }
  const value = words.slice(skip + opening.length, words.length - (trailingNow ? 1 : 0));
  const ok =
    value.length > 0 &&
    value.length <= MAX_VALUE_WORDS &&
    value.every((word) => !NOT_A_VALUE.has(word.toLowerCase()) && !NOW.has(word.toLowerCase()));

  return ok ? value.join(' ') : null;
}
