import { MemoryType } from 'src/domain/memory.enums';
import { stripInjected } from 'src/extraction/injected-text';
import { languageOf } from 'src/language/language-of';
import { asSentence } from 'src/language/pattern-table';
import type { LanguageTable } from 'src/language/pattern-table';
import { detectFactRetraction, detectRetraction } from 'src/language/retractions';
import { isStandingRule } from 'src/language/rules';
import type { SlotName } from 'src/language/slots';
import { firstMatch, LANGUAGE_TABLES, mentionedSlots } from 'src/language/tables';
import { valueShape } from 'src/language/value-shapes';
import { detectValueSwap } from 'src/language/value-swaps';
import { looksLikeQuestion } from 'src/memory/guards/firewall';
import { clauses, ruleParts, sentences } from 'src/memory/write/clauses';
import { detectIntent } from 'src/memory/write/intent';
import type { IntentClassifier } from 'src/memory/write/intent';
import { normalise } from 'src/memory/write/normalise';

export { LANGUAGE_TABLES } from 'src/language/tables';

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
  /** The slots the request names ("forget my name", "my job": employer and occupation): their memories go. */
  slots: SlotName[];
}

export type Extraction = MemoryExtraction | ForgetExtraction;

const MAX_EXTRACTIONS = 8;

export { clauses, MAX_EXTRACTION_INPUT, MAX_SENTENCE_CHARS, sentences } from 'src/memory/write/clauses';

/** Why a sentence no pattern reads is still kept as said: it takes something back, sets a rule or asks a reminder. */
function keptAsSaid(sentence: string): string | null {
  if (chatRuleIn(sentence)) {
    return 'rule';
  }
  if (detectRetraction(sentence) || detectFactRetraction(sentence)) {
    return 'retraction';
  }
  if (detectValueSwap(sentence)) {
    return 'correction';
  }
  if (REMINDER.test(sentence)) {
    return 'reminder';
  }

  return null;
}

/** Whether a clause of `sentence` is a rule for the assistant: "I'm vegan, so never suggest fish". */
function chatRuleIn(sentence: string): boolean {
  return [sentence, ...ruleParts(sentence)].some((part) => isStandingRule(part) && CHAT_RULE.test(part));
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

/**
 * What the intent classifier reads in a sentence no pattern read: a slot statement of the user's own, as the memory
 * sentence of its language ("these days home is Sheffield" -> "I live in Sheffield."), or a take-back, kept as said
 * for the write path to act on. Nothing for anything else.
 */
function learned(sentence: string, tables: readonly LanguageTable[], classifier: IntentClassifier): MemoryExtraction[] {
  for (const clause of clauses(sentence)) {
    const intent = detectIntent(clause, { slots: true, anyPerson: false, takesBack: true, classifier });
    if (intent.by !== 'model') {
      continue;
    }
    const value = intent.slot === null ? null : valueShape(clause, intent.slot);
    if (intent.kind === 'state' && intent.slot !== null && value !== null) {
      const table = tables.find((t) => t.language === languageOf(clause)) ?? tables[0];

      return table
        ? [
            {
              kind: 'memory',
              patternId: 'model.slot',
              content: table.slotSentence(intent.slot, value),
              type: MemoryType.IDENTITY,
              slot: intent.slot,
              explicit: false,
            },
          ]
        : [];
    }
    if (intent.kind === 'retract' || intent.kind === 'forget') {
      return [
        {
          kind: 'memory',
          patternId: `model.${intent.kind}`,
          content: asSentence(sentence),
          type: null,
          slot: null,
          explicit: false,
        },
      ];
    }
  }

  return [];
}

/**
 * Same-turn deterministic extraction from one user message: pattern tables only, no model, a few microseconds.
 * Questions and text the service injected are skipped. At most 8 extractions per message, duplicates removed.
 */
export function extractDeterministic(
  text: string,
  tables: readonly LanguageTable[] = LANGUAGE_TABLES,
  classifier?: IntentClassifier,
): Extraction[] {
  const found: Extraction[] = [];
  for (const said of sentences(stripInjected(text))) {
    // "fwiw I live in Oslo now lol": the filler goes before any pattern reads the sentence
    const sentence = normalise(said);
    // "can you forget my email?" asks, yet is a request about the memory
    const request = firstMatch(sentence, ['remember', 'forget'], tables);
    if (request?.kind === 'forget') {
      found.push({
        kind: 'forget',
        patternId: request.patternId,
        query: request.match.value,
        slots: mentionedSlots(request.match.value, tables),
      });
      continue;
    }
    if (looksLikeQuestion(sentence)) {
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
    const kept = found.length === before ? keptAsSaid(sentence) : chatRuleIn(sentence) ? 'rule' : null;
    if (kept === null && found.length === before && classifier) {
      found.push(...learned(sentence, tables, classifier));
      continue;
    }
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
