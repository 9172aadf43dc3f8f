import { trimEndChars } from 'src/common/trim-chars';
import { lowerInPlace } from 'src/language/slot-values';
import type { SlotName } from 'src/language/slot-values';

/**
 * What one pattern recognises in one clause (slot and preference patterns) or one sentence (remember, forget):
 * - slot: a self-description that fills a slot (name, age, location, ...)
 * - preference: "I prefer / love / hate ..."
 * - remember: an explicit "remember that ..." (the rest of the sentence is the memory, high confidence)
 * - forget: "forget ..." (the rest says which memories)
 */
export type PatternKind = 'slot' | 'preference' | 'trait' | 'remember' | 'forget';

export interface PatternMatch {
  /** The value cut from the original text (case kept). */
  value: string;
  /** slot patterns: which slot the value fills. */
  slot?: SlotName;
  /** preference patterns: the verb as said, e.g. "love", "can't stand". */
  verb?: string;
}

export interface PatternExample {
  text: string;
  /** The value the pattern must cut from `text`, or null when the pattern must not match it. */
  value: string | null;
  slot?: SlotName;
}

/** A cue's example: whether the cue fires on `text`, and the value it reads there (null: it names none). */
export interface CueExample {
  text: string;
  fires: boolean;
  value?: string | null;
}

export interface ExtractionPattern {
  /** `<language>.<kind>.<what>`, e.g. `da.slot.name`: logged with every extraction it makes. */
  id: string;
  kind: PatternKind;
  match(text: string): PatternMatch | null;
  /** Unit examples, run by the table spec: every pattern proves what it takes and what it leaves alone. */
  examples: readonly PatternExample[];
}

/** One language's patterns; tables are tried in turn on every clause, so mixed-language conversations work. */
export interface LanguageTable {
  language: string;
  patterns: readonly ExtractionPattern[];
  /** The memory sentence for a slot value in this language; the same value always gives the same sentence. */
  slotSentence(slot: SlotName, value: string): string;
  /** The memory sentence for a preference ("I love sushi."). */
  preferenceSentence(verb: string, value: string): string;
  /** Which slot a forget request names ("my name", "hvor jeg bor"), checked before searching memories. */
  slotMentions: Readonly<Partial<Record<SlotName, RegExp>>>;
  /** Whole messages that carry nothing to learn ("ok", "tak"), lower-case, without punctuation. */
  acknowledgements: readonly string[];
}

export interface RegexPatternSpec {
  id: string;
  kind: PatternKind;
  /** Run on the lower-cased text; group `v` is the value (cut from the original text), group `verb` the verb. */
  pattern: RegExp;
  slot?: SlotName;
  /** Rewrites the lower-cased text before matching, keeping every offset (Danish verb-second word order). */
  prepare?: (lower: string) => string;
  /** Trims the value (clause words, punctuation) and returns null when it names nothing. */
  clean?: (value: string) => string | null;
  examples: readonly PatternExample[];
}

/** A pattern from a regular expression over the lower-cased text, whose value is cut from the original. */
export function regexPattern(spec: RegexPatternSpec): ExtractionPattern {
  const regex = new RegExp(spec.pattern.source, `${spec.pattern.flags.replace(/[dgy]/g, '')}d`);

  return {
    id: spec.id,
    kind: spec.kind,
    examples: spec.examples,
    match(text) {
      const lower = lowerInPlace(text);
      const found = regex.exec(spec.prepare ? spec.prepare(lower) : lower);
      const span = found?.indices?.groups?.['v'];
      if (!found || !span) {
        return null;
      }
      const raw = text.slice(span[0], span[1]);
      const value = spec.clean ? spec.clean(raw) : trimValue(raw);
      if (value === null || value.length === 0) {
        return null;
      }
      const verb = found.groups?.['verb'];

      return { value, ...(spec.slot ? { slot: spec.slot } : {}), ...(verb ? { verb } : {}) };
    },
  };
}

const LEADING_JUNK = /[\s"'“”‘’]/u;
const TRAILING_JUNK = /[\s.,;:!?"'“”‘’)]/u;

/**
 * Drops leading quotes and whitespace, trailing punctuation, quotes and whitespace. A character loop, not a regular
 * expression: `[...]+$` retries at every position of a long run and costs quadratic time.
 */
export function trimValue(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && LEADING_JUNK.test(value.charAt(start))) {
    start += 1;
  }
  while (end > start && TRAILING_JUNK.test(value.charAt(end - 1))) {
    end -= 1;
  }

  return value.slice(start, end);
}

/**
 * A repeated group of lead words ("oh, and also please ..."), anchored at the start of the text. Each word is one
 * token, so a run of lead words matches in exactly one way: "oh and" listed beside "oh" and "and" would make every
 * repetition match two ways and the backtracking exponential (the stalls of the second hardening round).
 */
export function leadWords(words: readonly string[], punctuation = ','): string {
  const multiWord = words.filter((word) => !/^[\p{L}']+$/u.test(word));
  if (multiWord.length > 0) {
    throw new Error(`lead words must be single words, got ${multiWord.join(', ')}`);
  }

  return String.raw`(?:(?:${words.join('|')})(?![\p{L}\p{N}'])[${punctuation}]?\s+)*`;
}

/** A value cleaner: cut at the first clause word (" and since ...", " fordi ..."), reject words that name nothing. */
export function valueCleaner(options: {
  clauseWords: readonly string[];
  notAValue: ReadonlySet<string>;
  maxWords?: number;
}): (value: string) => string | null {
  const clauseEnd = new RegExp(String.raw`\s+(?:${options.clauseWords.join('|')})(?![\p{L}\p{N}]).*$`, 'iu');

  return (raw) => {
    const value = trimValue(trimValue(raw).replace(clauseEnd, ''));
    const words = value.split(/\s+/u).filter(Boolean);
    const first = words[0]?.toLowerCase() ?? '';
    if (words.length === 0 || words.length > (options.maxWords ?? 8) || options.notAValue.has(first)) {
      return null;
    }

    return value;
  };
}

/** "a" or "an" before an English word. */
export function withArticle(value: string): string {
  return /^[aeiou]/iu.test(value) ? `an ${value}` : `a ${value}`;
}

/** The first letter upper-cased and a final full stop, so a fragment reads as a sentence. */
export function asSentence(text: string): string {
  const trimmed = trimEndChars(text.trim(), /^[\s,;:]$/u);
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);

  return /[.!?]$/u.test(capitalised) ? capitalised : `${capitalised}.`;
}
