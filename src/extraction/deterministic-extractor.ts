import { MemoryType } from 'src/domain/memory.enums';
import { forgetInClauses, forgetSlots } from 'src/extraction/forget-requests';
import { stripInjected } from 'src/extraction/injected-text';
import { isNews, isRule, KEEP_FLOOR, NEWS } from 'src/extraction/worth-keeping';
import { jointAsWe } from 'src/language/joint-subject';
import { languageOf } from 'src/language/language-of';
import { asSentence } from 'src/language/pattern-table';
import type { LanguageTable } from 'src/language/pattern-table';
import { aboutSomeoneElse, plannedSlot } from 'src/language/plans';
import { detectFactRetraction, detectRetraction } from 'src/language/retractions';
import { isStandingInstruction, isStandingRule } from 'src/language/rules';
import type { SlotName } from 'src/language/slots';
import { firstMatch, LANGUAGE_TABLES } from 'src/language/tables';
import { detectValueSwap } from 'src/language/value-swaps';
import { classifyMemoryType } from 'src/memory/classify';
import { looksLikeQuestion } from 'src/memory/guards/firewall';
import { slotValue } from 'src/memory/intent/value-spans';
import { clauses, ruleParts, sentences } from 'src/memory/write/clauses';
import { furtherSlots, replacedSlot, slotSentence } from 'src/memory/write/facts';
import type { SlotFact } from 'src/memory/write/facts';
import { detectIntent, sureness } from 'src/memory/write/intent';
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
  /** Someone else's fact ("my sister lives in Lyon"): kept as said, and the write path claims no slot of the user's. */
  othersFact?: true;
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
  if (REMINDER.test(sentence) || SELF_TASK.test(sentence)) {
    return 'reminder';
  }

  return null;
}

/** Whether a clause of `sentence` is a rule for the assistant: "I'm vegan, so never suggest fish". */
function chatRuleIn(sentence: string): boolean {
  return [sentence, ...ruleParts(sentence)].some(
    (part) =>
      (isStandingRule(part) && (CHAT_RULE.test(part) || DA_CHAT_RULE.test(part))) || isStandingInstruction(part),
  );
}

/** The same in Danish, whose verb comes first: "Svar altid på dansk", "Foreslå aldrig opskrifter med svinekød". */
const DA_CHAT_RULE =
  /^(?:(?:og|også|venligst|så)[,]?\s+)*(?:(?:fra nu af|fremover)[,]?\s+)?(?:svar|skriv|brug|foreslå|anbefal|kald|giv|send|vis|nævn|tal|inkluder|undgå|spørg|husk)\s+(?:mig\s+)?(?:altid|aldrig)(?!\p{L})/iu;

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

const REMINDER =
  /^(?:(?:please|pls|and|oh|also|hey|og|så)[,]? )*(?:remind me to|husk mig på at|mind mig om at|i (?:need|have) to remember to|jeg skal huske at|jeg må huske at) \S/iu;

const DEADLINE = String.raw`(?:before|by|no later than|inden|før|senest) (?:the end of|next|this|tomorrow|tonight|udgangen af|næste|på|i morgen|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|mandag|tirsdag|onsdag|torsdag|fredag|lørdag|søndag|januar|februar|marts|juni|juli|oktober|sommerferien|jul)\b|\d)`;
/**
 * A task the user sets themself, with its deadline: "need to renew my passport before June", "I have to file the
 * taxes by Friday". The deadline tells it from the moment's "I need to sleep"; leaving is no task.
 */
const SELF_TASK = new RegExp(
  String.raw`^(?:(?:oh|and|also|so|btw|ok|okay|ugh|argh)[,]? )*(?:i )?(?:really )?(?:need to|have to|must|gotta|got to) ` +
    String.raw`(?!(?:go|leave|run|head|sleep|hurry|rush|dash|log off|sign off|eat|admit|say)\b)[\p{L}'-]+ [^.!?]*?\b${DEADLINE}`,
  'iu',
);

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
  // "we're moving to Lyon in March": a plan, kept as said; the user still lives where they live
  if (found.kind === 'slot' && plannedSlot(clause, match.slot ?? null)) {
    return { kind: 'memory', patternId: 'plan', content: asSentence(clause), type: null, slot: null, explicit };
  }
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
      ...(patternId === 'en.trait' || patternId.endsWith('.personal.condition')
        ? { tags: traitTags(match.value) }
        : {}),
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

/** How sure the classifier must be of a slot fact of someone else's, or of a forget request naming no slot. */
const OTHERS_FLOOR = 0.9;
/** The same, when the words name whose fact it is ("my sister's birthday is tomorrow"). */
const NAMED_OTHERS_FLOOR = 0.6;

const slotMemory = (patternId: string, clause: string, fact: SlotFact): MemoryExtraction => ({
  kind: 'memory',
  patternId,
  content: slotSentence(clause, fact),
  type: MemoryType.IDENTITY,
  slot: fact.slot,
  explicit: false,
});

const asSaid = (patternId: string, sentence: string): MemoryExtraction => ({
  kind: 'memory',
  patternId,
  content: asSentence(sentence),
  type: null,
  slot: null,
  explicit: false,
});

/**
 * What the intent classifier reads in a sentence no pattern read: a slot statement of the user's own, as the memory
 * sentence of its language ("these days home is Sheffield" -> "I live in Sheffield."), every further slot the clause
 * names as its own; a take-back, kept as said for the write path to act on; a forget request, as one; a slot fact of
 * someone else's ("my son Leo's birthday is March 14th"), kept as said with no slot. Nothing for anything else.
 */
function learned(sentence: string, classifier: IntentClassifier): Extraction[] {
  let worthKeeping = false;
  // "Min bror bor i Middelfart, jeg bor selv i Nyborg": someone else's clause, then the user's own slot
  let others: Extraction[] = [];
  for (const clause of clauses(sentence)) {
    const intent = detectIntent(clause, { slots: true, anyPerson: false, takesBack: true, classifier });
    if (intent.by === 'none') {
      const said = classifier(clause, languageOf(clause));
      // "my sister's birthday is tomorrow": whose it is, the words say; that it is a fact, the classifier
      const slotFact = said.intent === 'state' && said.slots.length > 0;
      const named = slotFact && aboutSomeoneElse(clause, true) && said.confidence >= NAMED_OTHERS_FLOOR;
      // "my grandad passed away on tuesday": someone else's news, kept as theirs
      const othersNews =
        said.intent === 'state' &&
        said.subject === 'other' &&
        said.confidence >= KEEP_FLOOR &&
        classifyMemoryType(sentence) === MemoryType.EVENT;
      if ((slotFact && said.subject === 'other' && said.confidence >= OTHERS_FLOOR) || named || othersNews) {
        others = [{ ...asSaid('model.others', sentence), othersFact: true }];
        continue;
      }
      // "never mind the marathon stuff": what it names is found by recall
      if (said.intent === 'forget' && said.subject === 'user' && sureness(said) >= OTHERS_FLOOR) {
        return [{ kind: 'forget', patternId: 'model.forget', query: clause, slots: [] }];
      }
      // "my partner and I bought a house": the user's news, as "we bought a house" is
      worthKeeping ||= isNews(said, clause) || isNews(classifier(jointAsWe(clause), languageOf(clause)), clause);
      continue;
    }
    // "pls keep answers short": a rule's words, and the classifier sure it is one
    if (intent.kind === 'rule' && intent.by === 'pattern' && isRule(classifier(clause, languageOf(clause)), clause)) {
      return [...others, asSaid('model.rule', sentence)];
    }
    if (intent.by !== 'model') {
      // "I want to be fluent in Japanese by the time I'm 40": a pattern saw a slot the tables did not keep
      worthKeeping ||= intent.kind === 'state' && isNews(classifier(clause, languageOf(clause)), clause);
      continue;
    }
    const value = intent.slot === null ? null : slotValue(clause, intent.slot, languageOf(clause));
    if (intent.kind === 'state' && intent.slot !== null && value !== null) {
      const facts = [{ slot: intent.slot, value }, ...furtherSlots(clause, intent, classifier)];

      return [...others, ...facts.map((fact) => slotMemory('model.slot', clause, fact))];
    }
    if (intent.kind === 'forget') {
      return [{ kind: 'forget', patternId: 'model.forget', query: clause, slots: intent.slot ? [intent.slot] : [] }];
    }
    if (intent.kind === 'retract') {
      return [asSaid('model.retract', sentence)];
    }
    // "pls keep answers short", "need to cancel the gym before the 1st": the write path reads it again as one
    if (intent.kind === 'rule' || intent.kind === 'task') {
      return [...others, asSaid(`model.${intent.kind}`, sentence)];
    }
  }

  if (others.length > 0) {
    return others;
  }

  return worthKeeping && NEWS.has(classifyMemoryType(sentence)) ? [asSaid('model.keep', sentence)] : [];
}

/** A forget request asked as a question ("can you delete my age?"), as the classifier reads it; else nothing. */
function askedToForget(sentence: string, classifier: IntentClassifier): Extraction[] {
  return learned(sentence, classifier).filter((extraction) => extraction.kind === 'forget');
}

/** The further slots a pattern's slot statement names, by the classifier ("just started at Marlowe as a buyer"). */
function furtherFacts(clause: string, extraction: MemoryExtraction, classifier?: IntentClassifier): Extraction[] {
  if (extraction.slot === null || classifier === undefined) {
    return [];
  }
  const intent = { kind: 'state', slot: extraction.slot, rule: false, by: 'pattern', confidence: 1 } as const;

  return furtherSlots(clause, intent, classifier).map((fact) => slotMemory('model.slot', clause, fact));
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
  let previous: string | null = null;
  for (const said of sentences(stripInjected(text))) {
    // "fwiw I live in Oslo now lol": the filler goes before any pattern reads the sentence
    const sentence = normalise(said);
    const earlier = previous;
    previous = sentence;
    // "can you forget my email?" asks, yet is a request about the memory
    const request = firstMatch(sentence, ['remember', 'forget'], tables);
    if (request?.kind === 'forget') {
      found.push({
        kind: 'forget',
        patternId: request.patternId,
        query: request.match.value,
        slots: forgetSlots(request.match.value, sentence, tables),
      });
      continue;
    }
    // "By the way, please forget where I work, ...", "So the greyhound plan is off, please forget it."
    const inClause = request === null ? forgetInClauses(sentence, earlier, tables) : null;
    if (inClause !== null) {
      found.push(inClause);
      continue;
    }
    if (looksLikeQuestion(sentence)) {
      found.push(...(classifier ? askedToForget(sentence, classifier) : []));
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
    // "I quit Acme, I'm at Globex now": the new value, which supersedes the old
    const replaced = replacedSlot(sentence, classifier);
    if (replaced !== null) {
      found.push({ ...asSaid('replaced', replaced.content), type: MemoryType.IDENTITY, slot: replaced.slot });
      continue;
    }
    const before = found.length;
    for (const clause of clauses(sentence)) {
      const extraction = statement(clause, tables, false);
      if (extraction) {
        found.push(extraction, ...furtherFacts(clause, extraction, classifier));
      }
    }
    // "I don't live in Leeds anymore": the sentence as said; the write path retires what it takes back. A standing
    // rule ("From now on, keep your answers short") and a reminder ("Remind me to water the plants") likewise.
    const kept = found.length === before ? keptAsSaid(sentence) : chatRuleIn(sentence) ? 'rule' : null;
    if (kept === null && found.length === before && classifier) {
      found.push(...learned(sentence, classifier));
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
