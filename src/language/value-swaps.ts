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

const CUE = String.raw`(?:wait|sorry|sry|oops|no|nope|ah|oh|actually|er|um|hmm|ugh|typo|undskyld|nej|ups|hov|vent|øh|faktisk)`;
const END = String.raw`(?=$|[.!,;])`;

/**
 * The new value alone, ending its clause: "wait, I meant March", "sorry, I meant 46", "wait no, it's actually Malmö",
 * "oops 31 actually", "actually no, German".
 */
const ALONE: readonly RegExp[] = [
  new RegExp(String.raw`(?:^|[,.!;:] )(?:${CUE}[,!]? )?(?:i meant|jeg mente) ${SWAP_VALUE}${END}`, 'iu'),
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
  const meant = ALONE.map((pattern) => pattern.exec(text)?.[1]).find((value) => value !== undefined);

  const lower = meant?.toLowerCase() ?? '';

  // a value is a name, a number, an address, a month or a language: "I meant it" corrects nothing
  return meant !== undefined && (/^\p{Lu}|[@\d]/u.test(meant) || MONTHS.has(lower) || LANGUAGE_WORDS.has(lower))
    ? { from: null, to: meant }
    : null;
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
