import { LRUCache } from 'lru-cache';
import { countTokens as countO200k, decode, encode } from 'gpt-tokenizer/cjs/encoding/o200k_base';

/** User text may contain "<|endoftext|>" and friends: they count as the plain text they are, never as special tokens. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * `context` renders the same message and memory lines turn after turn, and BPE costs about 1 ms per 1,000 tokens,
 * so line counts are remembered. Only short texts are kept; whole context texts are new every turn.
 */
const CACHEABLE_CHARS = 4000;
const lineCounts = new LRUCache<string, number>({ max: 20_000 });

/** Tokens of `text` in o200k_base (the GPT-4o / GPT-5 encoding): a real BPE count, never characters / 4. */
export function countTokens(text: string): number {
  if (text.length === 0) {
    return 0;
  }
  if (text.length > CACHEABLE_CHARS) {
    return countO200k(text, AS_TEXT);
  }
  const known = lineCounts.get(text);
  if (known !== undefined) {
    return known;
  }
  const counted = countO200k(text, AS_TEXT);
  lineCounts.set(text, counted);

  return counted;
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
