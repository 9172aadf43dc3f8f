import { DA_LANGUAGES } from 'src/language/da/words';
import { LANGUAGES } from 'src/language/en/slot-words';
import { MAX_SLOT_TEXT } from 'src/language/slot-values';

/**
 * A correction that names the new value but not the slot: "I said Bristol but I meant Bath"; `from` null when it
 * names no old value either ("wait, I meant March"): the one held value of the new one's shape is then the old.
 */
export interface ValueSwap {
  from: string | null;
  to: string;
  /**
   * The new value is a name written in lower case ("wait no, it's actually malmö"): it replaces only a held value the
   * user also wrote in lower case, so a stray word corrects nothing the user wrote as a name.
   */
  lowerCase?: true;
}

// one to three words; a dot only inside a word ("lena.k@x.org", not "Bosch.")
const SWAP_WORD = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}@+'-]|\.(?=[\p{L}\p{N}]))*`;
const SWAP_VALUE = String.raw`(${SWAP_WORD}(?: ${SWAP_WORD}){0,2})`;
const SWAP_VALUE_FIRST = String.raw`(${SWAP_WORD}(?: ${SWAP_WORD}){0,2}?)`;
const SWAPS: ReadonlyArray<{ pattern: RegExp; from: 1 | 2 }> = [
  {
    pattern: new RegExp(
      String.raw`\bi (?:said|wrote|typed|told you|put) ${SWAP_VALUE_FIRST},? (?:but )?i meant ${SWAP_VALUE}`,
      'iu',
    ),
    from: 1,
  },
  { pattern: new RegExp(String.raw`\bi meant ${SWAP_VALUE_FIRST},? not ${SWAP_VALUE}`, 'iu'), from: 2 },
  { pattern: new RegExp(String.raw`\b(?:it's|it is|its) ${SWAP_VALUE_FIRST},? not ${SWAP_VALUE}`, 'iu'), from: 2 },
  // "not Copenhagen, Malmö", "ikke Roskilde, Køge"
  {
    pattern: new RegExp(
      String.raw`^(?:(?:no|nope|nej|sorry|undskyld|wait|vent)[,.!]? )*(?:not|ikke) ${SWAP_VALUE_FIRST}[,;] ${SWAP_VALUE}(?=$|[.!,;])`,
      'iu',
    ),
    from: 1,
  },
  // "On second thought, Fred suits me better than Freddie"
  {
    pattern: new RegExp(
      String.raw`\b${SWAP_VALUE_FIRST} (?:suits me better|fits me better|feels more like me|passer (?:mig )?bedre) (?:than|end) ${SWAP_VALUE}`,
      'iu',
    ),
    from: 2,
  },
  {
    pattern: new RegExp(
      String.raw`^${SWAP_VALUE}\?\s*no[,.!]?\s*(?:it's |it is |i mean |i meant )?${SWAP_VALUE}`,
      'iu',
    ),
    from: 1,
  },
];

/** Values written in lower case: months and languages ("actually no, german"). */
const MONTHS: ReadonlySet<string> = new Set(
  'january february march april may june july august september october november december januar februar marts juni juli oktober'.split(
    ' ',
  ),
);
const LANGUAGE_WORDS: ReadonlySet<string> = new Set([...LANGUAGES.split('|'), ...DA_LANGUAGES.split('|')]);

/** Cue words that say a correction by themselves; "oh" and "ah" do not. */
const STRONG_CUE = String.raw`no|nope|wait|sorry|sry|oops|actually|nej|vent|undskyld|ups|hov|faktisk`;
/** Words that follow a correction's cue without being a value: "wait no, it's actually fine". */
const NOT_A_SWAP: ReadonlySet<string> = new Set(
  (
    'it that this them him her me you fine ok okay good great bad better worse wrong right true false same different ' +
    'nothing everything something anything whatever all none never no yes yeah nope not sure done over gone too ' +
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday tonight later now then here there ' +
    'the a an my your his our their to of in on at for with and but or so lol haha det den ikke fint godt ja nej'
  ).split(' '),
);
const CUE = String.raw`(?:wait|sorry|sry|oops|no|nope|ah|oh|actually|er|um|hmm|ugh|typo|undskyld|nej|ups|hov|vent|øh|faktisk)`;
const END = String.raw`(?=$|[.!,;])`;

/**
 * The new value alone, ending its clause: "wait, I meant March", "sorry, I meant 46", "wait no, it's actually Malmö",
 * "oops 31 actually", "actually no, German".
 */
const ALONE: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:^|[,.!;:] )(?:${CUE}[,!]? )?(?:i meant|jeg mente|make that|make it|i spell it|it's spelled|it is spelled|jeg staver det|det staves)(?: actually| faktisk)? ${SWAP_VALUE}${END}`,
    'iu',
  ),
  // "correction: Malmö", "rettelse: Køge"
  new RegExp(String.raw`^(?:correction|rettelse)[:,]? ${SWAP_VALUE}${END}`, 'iu'),
  // "no wait, Malmö", "nej vent, det er Køge": two cue words, then the value alone
  new RegExp(
    String.raw`^(?:${STRONG_CUE})[,.!]? (?:${STRONG_CUE})[,.!]? (?:it's |it is |its |det er )?(?:actually |faktisk )?${SWAP_VALUE}${END}`,
    'iu',
  ),
  // "actually scratch that, dan is fine"
  new RegExp(
    String.raw`\b(?:scratch that|forget that|never mind that|glem det)[,.!]? ${SWAP_VALUE_FIRST} (?:is fine|is better|works(?: better)?|is good|is ok|is okay|instead|er fint|er bedre)${END}`,
    'iu',
  ),
  new RegExp(
    String.raw`(?:^|[,.!;:] )(?:${CUE}[,!]? )+(?:it's actually|it is actually|actually it's|det er faktisk) ${SWAP_VALUE}${END}`,
    'iu',
  ),
  new RegExp(String.raw`^(?:${CUE}[,!]? )+${SWAP_VALUE_FIRST},? (?:actually|faktisk)${END}`, 'iu'),
  new RegExp(String.raw`^(?:actually|faktisk)[,]? (?:no|nej)[,.!]? ${SWAP_VALUE}${END}`, 'iu'),
];

/** The old and the new value of a correction that does not say what they are the value of, or null. */
export function detectValueSwap(content: string): ValueSwap | null {
  const text = content.slice(0, MAX_SLOT_TEXT).replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
  const paired = pairedSwap(text);
  if (paired !== null) {
    return paired;
  }
  for (const pattern of ALONE) {
    const meant = pattern.exec(text)?.[1];
    const swap = meant === undefined ? null : aloneSwap(meant);
    if (swap !== null) {
      return swap;
    }
  }

  return null;
}

/** The swap a value said alone makes: a name, a number, an address, a month or a language ("I meant it": none). */
function aloneSwap(meant: string): ValueSwap | null {
  const lower = meant.toLowerCase();
  if (NOT_A_SWAP.has(lower.split(' ')[0] ?? '')) {
    return null;
  }
  if (/^\p{Lu}|[@\d]/u.test(meant) || MONTHS.has(lower) || LANGUAGE_WORDS.has(lower)) {
    return { from: null, to: meant };
  }

  // a name in lower case, one word: "wait no, it's actually malmö"
  return /^\p{Ll}[\p{L}'-]+$/u.test(meant) ? { from: null, to: meant, lowerCase: true } : null;
}

function pairedSwap(text: string): ValueSwap | null {
  for (const { pattern, from } of SWAPS) {
    const match = pattern.exec(text);
    const [old, fresh] = from === 1 ? [match?.[1], match?.[2]] : [match?.[2], match?.[1]];
    // a value is a name, an address or a number: "It's raining, not snowing" corrects nothing
    if (
      old !== undefined &&
      fresh !== undefined &&
      old.toLowerCase() !== fresh.toLowerCase() &&
      /^\p{Lu}|[@\d]/u.test(old)
    ) {
      return { from: old, to: fresh };
    }
  }

  return null;
}

/** `content` with `from` replaced by `to` as a whole word, in any case; null when `content` does not name `from`. */
export function swapValue(content: string, swap: { from: string; to: string }): string | null {
  const escaped = swap.from.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const pattern = new RegExp(String.raw`(?<![\p{L}\p{N}])${escaped}(?![\p{L}\p{N}])`, 'iu');

  return pattern.test(content) ? content.replace(pattern, swap.to) : null;
}
