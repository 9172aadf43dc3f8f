import { countTokens as countO200k, decode, encode } from 'gpt-tokenizer/cjs/encoding/o200k_base';

/** User text may contain "<|endoftext|>" and friends: they count as the plain text they are, never as special tokens. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Tokens of `text` in o200k_base (the GPT-4o / GPT-5 encoding): a real BPE count, never characters / 4. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countO200k(text, AS_TEXT);
}

/** The longest prefix of `text` that is at most `max` tokens (whole tokens, so it never ends in a broken character). */
export function truncateToTokens(text: string, max: number): string {
  if (max <= 0) {
    return '';
  }
  const tokens = encode(text, AS_TEXT);
  if (tokens.length <= max) {
    return text;
  }

  // a token may hold part of a multi-byte character: drop a trailing replacement character if decoding made one
  return decode(tokens.slice(0, max)).replace(/\uFFFD+$/u, '');
}
