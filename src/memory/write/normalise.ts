import { DA_DROPPED_SUBJECT, DA_PRONOUNS, EN_DROPPED_SUBJECT } from 'src/language/clause-words';
import { DA_FILLER } from 'src/language/da/filler';
import { EN_CASUAL_SPELLINGS } from 'src/language/en/casual-spellings';
import { EN_FILLER } from 'src/language/en/filler';
import type { FillerEntry } from 'src/language/filler';
import { languageOf } from 'src/language/language-of';
import { askedRequest } from 'src/language/requests';

/**
 * Stage 1 of the write path: the words a reader looks at. Filler around the fact ("fwiw", "so yeah", "lol"), news
 * leads ("Quick update:") and quoting go, and chat spellings of English words are written out ("im" -> "I'm",
 * "u" -> "you"); nothing else changes. Works on words, not expressions, so its cost is linear in the text whatever
 * it holds.
 */

interface Phrase {
  words: readonly string[];
  marked: boolean;
}

const MAX_PASSES = 6;
const TRAILING_MARKS = ',;:.!?…';
const LEADING_QUOTE = /^["'“‘«>]+/u;
const MARK = /[,;:!?—–-]$/u;
const DASH = /^[—–-]+$/u;
const NO_WORD = /^[^\p{L}\p{N}]*$/u;

function phrases(table: readonly FillerEntry[], kind: FillerEntry['kind']): Phrase[] {
  return table
    .filter((entry) => entry.kind === kind)
    .flatMap((entry) => entry.phrases.map((p) => ({ words: p.split(' '), marked: entry.marked ?? false })))
    .sort((a, b) => b.words.length - a.words.length);
}

const TABLES = [EN_FILLER, DA_FILLER];
const LEAD = phrases(TABLES.flat(), 'lead');
const TRAIL = phrases(TABLES.flat(), 'trail');
const INSIDE = new Set(phrases(TABLES.flat(), 'inside').map((p) => p.words.join(' ')));

/** `word` without the characters of `marks` at its end (a loop, not a `[…]+$` expression: linear). */
function withoutTrailing(word: string, marks: string): string {
  let end = word.length;
  while (end > 0 && marks.includes(word[end - 1]!)) {
    end -= 1;
  }

  return word.slice(0, end);
}

/** The token lower-cased without leading quotes and trailing marks (cut by a loop: `/[,;:.!?…]+$/` retried at every
 * mark of a long run before a letter, quadratic). */
function key(token: string): string {
  return withoutTrailing(token.toLowerCase().replace(LEADING_QUOTE, ''), TRAILING_MARKS);
}

function leadLength(tokens: readonly string[]): number {
  if (tokens.length > 0 && DASH.test(tokens[0] ?? '')) {
    return 1;
  }
  for (const phrase of LEAD) {
    const n = phrase.words.length;
    if (n >= tokens.length || !phrase.words.every((word, i) => key(tokens[i] ?? '') === word)) {
      continue;
    }
    if (!phrase.marked || MARK.test(tokens[n - 1] ?? '') || DASH.test(tokens[n] ?? '')) {
      return n;
    }
  }

  return 0;
}

function trailLength(tokens: readonly string[]): number {
  const last = tokens[tokens.length - 1] ?? '';
  if (tokens.length > 1 && NO_WORD.test(last) && !TRAIL.some((p) => p.words.join(' ') === key(last))) {
    return 1;
  }
  for (const phrase of TRAIL) {
    const n = phrase.words.length;
    const start = tokens.length - n;
    if (start > 0 && phrase.words.every((word, i) => key(tokens[start + i] ?? '') === word)) {
      return n;
    }
  }

  return 0;
}

function dropInside(tokens: string[]): string[] {
  const kept: string[] = [];
  for (const token of tokens) {
    const previous = kept[kept.length - 1];
    if (previous !== undefined && INSIDE.has(key(token))) {
      // "new email btw: x" keeps its colon, "a teacher lol, im a developer" its comma
      const mark = /[:;,]$/u.exec(token)?.[0];
      if (mark && !MARK.test(previous)) {
        kept[kept.length - 1] = `${previous}${mark}`;
      }
      continue;
    }
    kept.push(token);
  }

  return kept;
}

function unquoted(text: string): string {
  const pairs: Record<string, string> = { '"': '"', '“': '”', "'": "'", '«': '»' };
  const close = pairs[text.charAt(0)];
  if (close !== undefined && text.length > 2 && text.endsWith(close)) {
    return text.slice(1, -1).trim();
  }

  return text.startsWith('> ') ? text.slice(2) : text;
}

/** "im" -> "I'm", "u," -> "you,": a chat spelling of an English word written out, the marks after it kept. */
function spelledOut(token: string): string {
  const bare = withoutTrailing(token, TRAILING_MARKS);
  const written = Object.hasOwn(EN_CASUAL_SPELLINGS, bare.toLowerCase())
    ? EN_CASUAL_SPELLINGS[bare.toLowerCase()]
    : null;

  return written === null || written === undefined ? token : `${written}${token.slice(bare.length)}`;
}

/** `text` without the filler, leads and quoting around what it says; the text itself when nothing would be left. */
/** "Bor stadig i Thisted" -> "Jeg bor stadig i Thisted": a Danish chat sentence's dropped "jeg" given back. */
function withDanishSubject(tokens: string[]): string[] {
  const [first = '', second = ''] = tokens;
  const subject = DA_DROPPED_SUBJECT.get(first.toLowerCase());
  if (subject === undefined || second === '' || DA_PRONOUNS.has(second.toLowerCase())) {
    return tokens;
  }

  return [...subject.split(' '), first.toLowerCase(), ...tokens.slice(1)];
}

/** "live in aberdeen" -> "I live in aberdeen": an English chat fragment's dropped "I" given back. */
function withEnglishSubject(tokens: string[]): string[] {
  const [first = '', second = ''] = tokens;
  const subject = EN_DROPPED_SUBJECT.get(`${first} ${withoutTrailing(second, TRAILING_MARKS)}`.toLowerCase());

  return subject === undefined || tokens.length < 3 ? tokens : [subject, first.toLowerCase(), ...tokens.slice(1)];
}

export function normalise(text: string): string {
  const simple = unquoted(text.normalize('NFKC').replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim());
  let tokens = simple.split(' ').filter((t) => t.length > 0);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const lead = leadLength(tokens);
    const trail = trailLength(tokens);
    if (lead === 0 && trail === 0) {
      break;
    }
    tokens = tokens.slice(lead, tokens.length - trail);
  }
  tokens = dropInside(tokens);
  if (languageOf(simple) === 'en') {
    tokens = withEnglishSubject(tokens.map(spelledOut));
  } else {
    tokens = withDanishSubject(tokens);
  }
  const last = tokens.length - 1;
  if (last >= 0 && tokens.length < simple.split(' ').length) {
    tokens[last] = withoutTrailing(tokens[last] ?? '', ',;:—–-');
  }
  const said = tokens.join(' ').trim();
  // "can you remind me to call the dentist?" is the reminder it asks for, no question
  const result = askedRequest(said) ?? said;
  // nothing dropped: the text stays as written, line breaks and tabs of a structured note included
  if (
    result ===
      simple
        .split(' ')
        .filter((t) => t.length > 0)
        .join(' ') &&
    simple === text.trim().replace(/\s+/gu, ' ')
  ) {
    return text;
  }

  return /[\p{L}\p{N}]/u.test(result) ? result : text;
}
