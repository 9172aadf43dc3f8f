/** What every injection signal sees: the content folded (invisible characters out, accents off, homoglyphs folded). */

// Stripped before matching; most of them also count as a signal (see countHiddenCharacters).
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;
const EMOJI_NEIGHBOUR = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u20E3]/u;

/** Invisible characters that have no business in a memory: zero-width, bidi overrides, Unicode tag characters. */
export function countHiddenCharacters(raw: string): number {
  let count = 0;
  for (const match of raw.matchAll(INVISIBLE)) {
    const char = match[0];
    const index = match.index;
    const before = raw[index - 1] ?? '';
    const after = raw.slice(index + char.length, index + char.length + 2);
    const joinsEmoji = char === '\u200D' && (EMOJI_NEIGHBOUR.test(before) || EMOJI_NEIGHBOUR.test(after));
    // ZWNJ is ordinary spelling in Persian and Indic scripts; only a ZWNJ inside Latin words is suspicious.
    const nonLatinJoiner = char === '\u200C' && !(/[a-z]/iu.test(before) && /^[a-z]/iu.test(after));
    const harmless = char === '\u00AD' || (char === '\uFEFF' && index === 0) || joinsEmoji || nonLatinJoiner;
    count += harmless ? 0 : 1;
  }

  return count;
}

const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  ո: 'n',
  ս: 'u',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ı: 'i',
};
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
const LOOKALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}ıɡ]/u;

// Only words that mix scripts are folded, so real Russian or Greek stays as it is.
function foldHomoglyphs(word: string): string {
  const mixed = /\p{Script=Latin}/u.test(word) && LOOKALIKE_SCRIPTS.test(word);

  return mixed ? [...word].map((char) => CONFUSABLES[char] ?? char).join('') : word;
}

function foldLeet(word: string): string {
  const leet = /\p{L}/u.test(word) && /\d/u.test(word) && !/^\d+(st|nd|rd|th|s|am|pm|k|m|h|x)?$/u.test(word);

  return leet ? [...word].map((char) => LEET[char] ?? char).join('') : word;
}

/** The last text folded and its result: a scan folds its text more than once. */
let lastFolded: { raw: string; folded: string } | null = null;

/** NFKC, invisible characters out, Latin accents off, lowercase, mixed-script homoglyphs folded; blanks kept. */
export function fold(raw: string): string {
  if (lastFolded?.raw === raw) {
    return lastFolded.folded;
  }
  const lowered = raw
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase();
  // only a word with a look-alike letter can mix scripts: a text without one skips the word-by-word pass
  const folded = LOOKALIKE_SCRIPTS.test(lowered) ? lowered.replace(/[\p{L}\p{N}]+/gu, foldHomoglyphs) : lowered;
  lastFolded = { raw, folded };

  return folded;
}

export function collapse(text: string): string {
  return text
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/ ?\n\s*/gu, '\n')
    .trim();
}

/** The text every signal sees first. */
export function normalizeForScan(raw: string): string {
  return collapse(fold(raw));
}

// "i g n o r e  a l l", "i.g.n.o.r.e": single letters joined by exactly one separator (a double space ends a word).
export const SPACED_RUN = /(?<![\p{L}\p{N}])\p{L}(?:[ .\-_*·|/]\p{L}(?![\p{L}\p{N}])){3,}/gu;

/** The second view: letter-spacing joined, "ig-no-re" de-hyphenated, "1gn0re" de-leeted. Blanks kept. */
export function deobfuscate(folded: string): string {
  return folded
    .replace(SPACED_RUN, (run) => run.replace(/[ .\-_*·|/]/gu, ''))
    .replace(/(?<=\p{L})-(?=\p{L})/gu, '')
    .replace(/[\p{L}\p{N}]+/gu, foldLeet);
}
