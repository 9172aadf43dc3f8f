import { MAX_SLOT_TEXT } from 'src/language/slot-values';

/** A correction that names the old and the new value but not the slot: "I said Bristol but I meant Bath". */
export interface ValueSwap {
  from: string;
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

/** The old and the new value of a correction that does not say what they are the value of, or null. */
export function detectValueSwap(content: string): ValueSwap | null {
  const text = content.slice(0, MAX_SLOT_TEXT).replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
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
export function swapValue(content: string, swap: ValueSwap): string | null {
  const escaped = swap.from.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const pattern = new RegExp(String.raw`(?<![\p{L}\p{N}])${escaped}(?![\p{L}\p{N}])`, 'iu');

  return pattern.test(content) ? content.replace(pattern, swap.to) : null;
}
