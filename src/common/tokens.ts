import { countTokens as countO200k, decode, encode } from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { LRUCache } from 'lru-cache';

/** User text may contain "<|endoftext|>" and friends: they count as the plain text they are, never as special tokens. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * `context` renders the same message and memory lines turn after turn, and BPE costs about 1 ms per 1,000 tokens,
 * so line counts are remembered. Only short texts are kept; whole context texts are new every turn.
 */
const CACHEABLE_CHARS = 4000;
const lineCounts = new LRUCache<string, number>({ max: 20_000 });

/**
 * gpt-tokenizer merges one pre-token in quadratic time: 30,000 spaces or letters in a row cost about 1 s, 100,000
 * about 12 s. Long text is therefore encoded in segments of at most this many characters, cut
 * before a space that starts a word where one exists (the pre-tokenizer cuts there too, so the count is exact); only
 * a run of 256 characters without such a space is cut inside it, off by a token or two.
 */
const SEGMENT_CHARS = 256;

/** `text` cut into segments of at most SEGMENT_CHARS, preferably just before " word". */
export function bpeSegments(text: string): string[] {
  const segments: string[] = [];
  let start = 0;
  while (text.length - start > SEGMENT_CHARS) {
    let cut = start + SEGMENT_CHARS;
    while (cut > start + SEGMENT_CHARS / 2 && !startsWord(text, cut)) {
      cut -= 1;
    }
    if (cut === start + SEGMENT_CHARS / 2) {
      cut = start + SEGMENT_CHARS;
    }
    segments.push(text.slice(start, cut));
    start = cut;
  }
  segments.push(text.slice(start));

  return segments;
}

const NOT_SPACE = /\S/u;

function startsWord(text: string, at: number): boolean {
  return text.charAt(at) === ' ' && NOT_SPACE.test(text.charAt(at - 1)) && NOT_SPACE.test(text.charAt(at + 1));
}

function countLong(text: string): number {
  return bpeSegments(text).reduce((sum, segment) => sum + countO200k(segment, AS_TEXT), 0);
}

/**
 * The o200k pre-tokenizer always cuts after a newline followed by a character that is neither whitespace nor "/"
 * (only `\s*[\r\n]+` and ` ?[^\s\p{L}\p{N}]+[\r\n/]*` take a newline, and neither goes on past one to such a
 * character), and BPE never merges across a cut: the text's count is the sum of its pieces'.
 */
const LINE_CUT = /(?<=\n)(?=[^\s/])/u;

/** Long text counted line by line: `context` counts each line as it assembles, so the whole text's count is mostly cached. */
function countLines(text: string): number {
  let sum = 0;
  for (const piece of text.split(LINE_CUT)) {
    sum += piece.length > CACHEABLE_CHARS ? countLong(piece) : countCached(piece);
  }

  return sum;
}

/** Tokens of `text` in o200k_base (the GPT-4o / GPT-5 encoding): a real BPE count, never characters / 4. */
export function countTokens(text: string): number {
  if (text.length === 0) {
    return 0;
  }
  if (text.length > CACHEABLE_CHARS) {
    return countLines(text);
  }

  return countCached(text);
}

function countCached(text: string): number {
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
  const tokens: number[] = [];
  for (const segment of bpeSegments(text)) {
    tokens.push(...encode(segment, AS_TEXT));
    if (tokens.length > max) {
      break;
    }
  }
  if (tokens.length <= max) {
    return text;
  }

  // a token may hold part of a multi-byte character: drop a trailing replacement character if decoding made one
  return decode(tokens.slice(0, max)).replace(/\uFFFD+$/u, '');
}
