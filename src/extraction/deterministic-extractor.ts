import { MemoryType } from 'src/domain/memory.enums';
import { stripInjected } from 'src/extraction/injected-text';
import { DANISH } from 'src/language/da/extraction';
import { ENGLISH } from 'src/language/en/extraction';
import { asSentence } from 'src/language/pattern-table';
import type { LanguageTable, PatternKind, PatternMatch } from 'src/language/pattern-table';
import { looksLikeQuestion } from 'src/memory/guards/firewall';
import type { SlotName } from 'src/language/slots';
import { detectFactRetraction, detectRetraction } from 'src/language/retractions';
import { isStandingRule } from 'src/language/rules';
import { detectValueSwap } from 'src/language/value-swaps';

/** Every language extraction knows; add a table here to teach it another. */
export const LANGUAGE_TABLES: readonly LanguageTable[] = [ENGLISH, DANISH];

export interface MemoryExtraction {
  kind: 'memory';
  patternId: string;
  content: string;
  /** Null: the write path classifies it. */
  type: MemoryType | null;
  slot: SlotName | null;
  /** The user asked for it to be remembered: high confidence, and terse content is allowed. */
  explicit: boolean;
  /** Set for a trait: what kind of thing it is ("health", "allergy", "diet"). */
  tags?: string[];
}

export interface ForgetExtraction {
  kind: 'forget';
  patternId: string;
  /** What to forget, in the user's words. */
  query: string;
  /** Set when the request names a slot ("forget my name"): the slot's memory is what goes. */
  slot: SlotName | null;
}

export type Extraction = MemoryExtraction | ForgetExtraction;

const MAX_EXTRACTIONS = 8;
const MAX_SENTENCES = 50;
/**
 * What extraction looks at, so no pattern can cost more than linear time in the message: the first 20,000
 * characters, and sentences of at most 600 characters after whitespace runs are folded to one space (a
 * self-description or a "remember that ..." is far shorter; a longer run of text is skipped, not cut).
 */
export const MAX_EXTRACTION_INPUT = 20_000;
export const MAX_SENTENCE_CHARS = 600;

/**
 * Sentences: split after . ! ? and at line breaks; a decimal point or an ellipsis inside a sentence stays, and so
 * does a date's "14. maj".
 */
export function sentences(text: string): string[] {
  return (
    text
      .slice(0, MAX_EXTRACTION_INPUT)
      // "den 14. maj": after a day's number a lower-case word goes on the sentence
      .split(/(?<=[.!?])(?<!(?<!\p{N})\p{N}{1,2}\.)\s+(?=\S)|(?<=(?<!\p{N})\p{N}{1,2}\.)\s+(?=[^\p{Ll}\s])|\n+/u)
      .map((s) => s.replace(/\s+/gu, ' ').trim())
      .filter((s) => s.length > 0 && s.length <= MAX_SENTENCE_CHARS)
      .slice(0, MAX_SENTENCES)
  );
}

/** Clauses: "I'm Anders and I live in Aarhus" is two statements, each starting with its own "I". */
export function clauses(sentence: string): string[] {
  const parts = sentence
    .replace(/\s+/gu, ' ')
    .split(
      /\s*;\s*|,\s+(?=(?:and |but |so |og |men |så )?(?:i|i'm|my|jeg|mit|min)(?![\p{L}\p{N}']))|,\s+(?=(?:nu|faktisk|nemlig) (?:er|bor|arbejder|hedder) jeg\b)|\s+(?=(?:and|but|og|men)\s+(?:i|i'm|my|jeg|mit|min)(?![\p{L}\p{N}']))/iu,
    )
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
  // "Hi, I'm Bo": a greeting belongs to the statement after it
  const merged: string[] = [];
  for (const part of parts) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && GREETING.test(previous)) {
      merged[merged.length - 1] = `${previous} ${part}`;
    } else {
      merged.push(part);
    }
  }

  return merged;
}

/** Why a sentence no pattern reads is still kept as said: it takes something back, sets a rule or asks a reminder. */
function keptAsSaid(sentence: string): string | null {
  if (detectRetraction(sentence) || detectFactRetraction(sentence)) {
    return 'retraction';
  }
  if (detectValueSwap(sentence)) {
    return 'correction';
  }
  if (REMINDER.test(sentence)) {
    return 'reminder';
  }

  return isStandingRule(sentence) && CHAT_RULE.test(sentence) ? 'rule' : null;
}

/**
 * A rule said in chat is one for the assistant: "From now on, keep your answers short", "Never use emojis",
 * "Always call me Sam". Chat is full of always and never that are no rule ("Keep going and never give up!",
 * "They always make us smile"): 83 of LoCoMo's 5,882 turns were taken for rules before this test.
 */
const CHAT_RULE = new RegExp(
  String.raw`^(?:(?:please|pls|and|also|ok|okay)[,]?\s+)*(?:(?:from now on|going forward|in (?:the )?future)[,]?\s+(?:please\s+)?|` +
    String.raw`(?:always|never|don't ever|do not ever)\s+|(?:don't|do not|dont)\s+(?:ever\s+)?)` +
    String.raw`(?:(?:always|never)\s+)?(?:answer|reply|respond|write|use|include|call me|format|keep (?:your|it|answers|replies|responses)|` +
    String.raw`cite|mention|suggest|recommend|ask me|remind me|show me|send me|give me|speak|talk to me|address me|` +
    String.raw`add|put|sign|end|start|summari[sz]e|explain|translate|book|schedule|email|text|message|cc)\b`,
  'iu',
);

const REMINDER = /^(?:(?:please|pls|and|oh|also|hey)[,]? )*remind me to \S/iu;

const GREETING = /^(?:hi|hello|hey|hej|hejsa|hallo|goddag)(?: there| all| everyone| alle)?[,!.]?$/iu;

function firstMatch(
  text: string,
  kinds: readonly PatternKind[],
  tables: readonly LanguageTable[],
): { table: LanguageTable; patternId: string; kind: PatternKind; match: PatternMatch } | null {
  for (const table of tables) {
    for (const pattern of table.patterns) {
      if (!kinds.includes(pattern.kind)) {
        continue;
      }
      const match = pattern.match(text);
      if (match) {
        return { table, patternId: pattern.id, kind: pattern.kind, match };
      }
    }
  }

  return null;
}

/** Tags of a trait, so a health rule or a recipe search finds it: allergies and conditions are health, diets diet. */
function traitTags(trait: string): string[] {
  if (/\ballergic\b/u.test(trait)) {
    return ['health', 'allergy'];
  }
  if (/\bintolerant\b/u.test(trait)) {
    return ['health', 'intolerance'];
  }

  return /^(?:vegetarian|vegan|pescatarian|pescetarian|teetotal|sober)$/u.test(trait) ? ['diet'] : ['health'];
}

/** A self-description or preference in one clause, as the memory sentence of its language. */
function statement(clause: string, tables: readonly LanguageTable[], explicit: boolean): MemoryExtraction | null {
  const found = firstMatch(clause, ['slot', 'preference', 'trait'], tables);
  if (!found) {
    return null;
  }
  const { table, patternId, match } = found;
  if (found.kind === 'slot' && match.slot) {
    return {
      kind: 'memory',
      patternId,
      content: table.slotSentence(match.slot, match.value),
      type: MemoryType.IDENTITY,
      slot: match.slot,
      explicit,
    };
  }

  if (found.kind === 'trait') {
    return {
      kind: 'memory',
      patternId,
      content: asSentence(clause),
      type: null,
      slot: null,
      explicit,
      ...(patternId === 'en.trait' ? { tags: traitTags(match.value) } : {}),
    };
  }

  return {
    kind: 'memory',
    patternId,
    content: table.preferenceSentence(match.verb ?? 'prefer', match.value),
    type: MemoryType.PREFERENCE,
    slot: null,
    explicit,
  };
}

function mentionedSlot(query: string, tables: readonly LanguageTable[]): SlotName | null {
  const lower = query.toLowerCase();
  for (const table of tables) {
    for (const [slot, pattern] of Object.entries(table.slotMentions) as [SlotName, RegExp][]) {
      if (pattern.test(lower)) {
        return slot;
      }
    }
  }

  return null;
}

/**
 * Same-turn deterministic extraction from one user message: pattern tables only, no model, a few microseconds.
 * Questions and text the service injected are skipped. At most 8 extractions per message, duplicates removed.
 */
export function extractDeterministic(text: string, tables: readonly LanguageTable[] = LANGUAGE_TABLES): Extraction[] {
  const found: Extraction[] = [];
  for (const sentence of sentences(stripInjected(text))) {
    if (looksLikeQuestion(sentence)) {
      continue;
    }
    const request = firstMatch(sentence, ['remember', 'forget'], tables);
    if (request?.kind === 'forget') {
      found.push({
        kind: 'forget',
        patternId: request.patternId,
        query: request.match.value,
        slot: mentionedSlot(request.match.value, tables),
      });
      continue;
    }
    if (request?.kind === 'remember') {
      const value = request.match.value;
      const inner = clauses(value).length === 1 ? statement(value, tables, true) : null;
      found.push(
        inner ?? {
          kind: 'memory',
          patternId: request.patternId,
          content: asSentence(value),
          type: null,
          slot: null,
          explicit: true,
        },
      );
      continue;
    }
    const before = found.length;
    for (const clause of clauses(sentence)) {
      const extraction = statement(clause, tables, false);
      if (extraction) {
        found.push(extraction);
      }
    }
    // "I don't live in Leeds anymore": the sentence as said; the write path retires what it takes back. A standing
    // rule ("From now on, keep your answers short") and a reminder ("Remind me to water the plants") likewise.
    const kept = found.length === before ? keptAsSaid(sentence) : null;
    if (kept !== null) {
      found.push({
        kind: 'memory',
        patternId: kept,
        content: asSentence(sentence),
        type: null,
        slot: null,
        explicit: false,
      });
    }
  }
  const seen = new Set<string>();

  return found
    .filter((e) => {
      const key = e.kind === 'memory' ? `m:${e.content.toLowerCase()}` : `f:${e.query.toLowerCase()}`;
      const fresh = !seen.has(key);
      seen.add(key);

      return fresh;
    })
    .slice(0, MAX_EXTRACTIONS);
}
