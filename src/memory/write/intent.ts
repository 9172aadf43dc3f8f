import { jointAsWe } from 'src/language/joint-subject';
import { languageOf } from 'src/language/language-of';
import { aboutSomeoneElse, plannedSlot } from 'src/language/plans';
import { detectFactRetraction, detectRetraction } from 'src/language/retractions';
import { isShortImperative, isStandingRule } from 'src/language/rules';
import type { SlotName } from 'src/language/slot-values';
import { detectSlot, detectUserClaim } from 'src/language/slots';
import { firstMatch, mentionedSlots } from 'src/language/tables';
import { detectValueSwap } from 'src/language/value-swaps';
import { looksLikeQuestion } from 'src/memory/guards/firewall';
import type { IntentPrediction } from 'src/memory/intent/intent.types';
import { slotValue } from 'src/memory/intent/value-spans';
import { ruleParts } from 'src/memory/write/clauses';
import { stateFloor } from 'src/memory/write/state-floor';

/**
 * Stage 3 of the write path: what a clause does and which slot it speaks of. Patterns decide where they are precise
 * (a question, a forget request, a slot statement, a negation cue, a correction that names two values, a rule); a
 * learned classifier, when one is given, decides what they leave open.
 */

/** state: says a fact; correct: replaces a value it names; retract: takes one back; forget: asks the memory to drop one. */
export type IntentKind = 'state' | 'correct' | 'retract' | 'forget' | 'ask' | 'rule' | 'task';

export interface Intent {
  kind: IntentKind;
  slot: SlotName | null;
  /** A standing rule (tagged `constraint`) whatever else the clause does: "Always reply in Spanish" sets a slot too. */
  rule: boolean;
  /** Who decided: a pattern, the classifier, or nobody (a plain statement of no slot). */
  by: 'pattern' | 'model' | 'none';
  confidence: number;
}

/** A learned reading of a clause (src/memory/intent): what it does, which slot, whose fact, how sure. */
export type IntentClassifier = (clause: string, language: 'en' | 'da') => IntentPrediction;

/**
 * How sure the classifier must be before its reading counts: a rule, a task of the user's, something taken back (slot
 * values: state-floor.ts).
 */
const RULE_FLOOR = 0.9;
const TASK_FLOOR = 0.9;
/** A take-back of no slot (see learned-fact-take-back.ts). */
const FACT_FLOOR = 0.85;
/** The same for a rule whose words say it stands ("whenever u give me recipes ..."): two readings agree. */
const WORDED_RULE_FLOOR = 0.85;
const STANDING_WORDS =
  /\b(?:always|never|whenever|every time|each time|from now on|going forward|in future|make sure|altid|aldrig|fremover|fra nu af|hver gang)\b/iu;

export function ruleFloor(text: string): number {
  return STANDING_WORDS.test(text) ? WORDED_RULE_FLOOR : RULE_FLOOR;
}
export const TAKE_BACK_FLOOR = 0.9;
/** The same, when the clause names the slot in words ("my email", "min mail"): two readings agree. */
const NAMED_TAKE_BACK_FLOOR = 0.75;
/** "Has a dog named Rex", "my boss, a man called Ed": a name given to someone else is no name of the user's. */
const SOMEONE_NAMED = /\b(?:a|an|my|our|his|her|their|the)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?,?\s+(?:named|called)\b/iu;

export interface IntentOptions {
  /** Read slots from the words at all (remember, extraction); an import names its slot itself. */
  slots: boolean;
  /** Claims about the user in any person count ("The user lives in Oslo"): what the user writes. */
  anyPerson: boolean;
  /** The write may take back what the user said: from the user, in a channel that describes the user. */
  takesBack: boolean;
  /** Decides what the patterns leave open; none: patterns only. */
  classifier?: IntentClassifier;
}

const byPattern = (kind: IntentKind, slot: SlotName | null, rule: boolean): Intent => ({
  kind,
  slot,
  rule,
  by: 'pattern',
  confidence: 1,
});

/** Whether `text`, or a clause of it, is a standing rule: "I'm vegan, so never suggest fish". */
export function statesRule(text: string): boolean {
  return isStandingRule(text) || ruleParts(text).some((part) => isStandingRule(part));
}

/** What `text` (normalised) does, by its patterns. */
export function detectIntent(text: string, options: IntentOptions): Intent {
  const rule = statesRule(text);
  // "can you forget my email?" asks, yet is a request about the memory
  const forget = options.takesBack ? firstMatch(text, ['forget']) : null;
  if (forget) {
    return byPattern('forget', mentionedSlots(forget.match.value)[0] ?? null, false);
  }
  if (looksLikeQuestion(text)) {
    return byPattern('ask', null, false);
  }
  const slot = options.slots ? (options.anyPerson ? detectUserClaim(text) : detectSlot(text)) : null;
  // "we're moving to Lyon in March": a plan, not yet the user's home; "my daughter turns 7": hers. Kept as said
  if (slot && (plannedSlot(text, slot.slot) || aboutSomeoneElse(text, !options.anyPerson))) {
    return byPattern('state', null, rule);
  }
  if (slot) {
    return byPattern('state', slot.slot, rule);
  }
  if (options.takesBack) {
    const retraction = detectRetraction(text);
    if (retraction || detectFactRetraction(text)) {
      return byPattern('retract', retraction?.slot ?? null, rule);
    }
    if (detectValueSwap(text)) {
      return byPattern('correct', null, rule);
    }
  }
  if (rule) {
    return byPattern('rule', null, true);
  }
  if (isShortImperative(text)) {
    return byPattern('task', null, false);
  }

  return (options.classifier && byModel(text, options, options.classifier)) ?? none;
}

/** "so I'm Rosalind Kowalczyk now": a value said right after "I'm" is who the user is, never where. */
function saidAsWho(text: string, value: string): boolean {
  const lower = text.toLowerCase().replace(/[’‘]/gu, "'");
  const said = value.toLowerCase();

  return [`i'm ${said}`, `i am ${said}`, `im ${said}`, `jeg er ${said}`].some((form) => lower.includes(form));
}

/** How sure the classifier is of what the write path does with its reading: the intent's and its kin's probability. */
export const sureness = (said: IntentPrediction): number => said.kinConfidence ?? said.confidence;

const none: Intent = { kind: 'state', slot: null, rule: false, by: 'none', confidence: 0 };

/**
 * The classifier's reading, where it is sure enough and the clause holds what it needs: a slot statement of the
 * user's own with a value of the slot's shape ("these days home is Sheffield"), a take-back of a slot of the user's,
 * a task the user sets ("need to cancel the gym before the 1st") or a rule. Null otherwise: the clause is then a plain statement of no slot, as without the model.
 */
function byModel(text: string, options: IntentOptions, classifier: IntentClassifier): Intent | null {
  const said = classifier(text, languageOf(text));
  const model = (kind: IntentKind, slot: SlotName | null, rule: boolean): Intent => ({
    kind,
    slot,
    rule,
    by: 'model',
    confidence: said.confidence,
  });
  const named = said.slot === 'name' || said.slot === 'nickname';
  const mayHold =
    options.slots &&
    said.subject === 'user' &&
    // "Camilla og jeg er skilt": a name beside the user in a joint subject is someone else's
    !(named && (SOMEONE_NAMED.test(text) || jointAsWe(text) !== text)) &&
    !aboutSomeoneElse(text, !options.anyPerson);
  const ownSlot = mayHold && !plannedSlot(text, said.slot) ? said.slot : null;
  if (ownSlot !== null && (said.intent === 'state' || said.intent === 'correct')) {
    const value = slotValue(text, ownSlot, languageOf(text));
    const sure = value !== null && sureness(said) >= stateFloor(text, ownSlot, value, languageOf(text));
    const place = ownSlot === 'location' && value !== null && saidAsWho(text, value);

    return sure && value !== null && !place ? model('state', ownSlot, false) : null;
  }
  if (ownSlot !== null && (said.intent === 'retract' || said.intent === 'forget')) {
    // "yeet my email outta ur memory": the words name the slot the classifier reads as taken back
    const floor = mentionedSlots(text).includes(ownSlot) ? NAMED_TAKE_BACK_FLOOR : TAKE_BACK_FLOOR;

    return options.takesBack && sureness(said) >= floor ? model(said.intent, ownSlot, false) : null;
  }

  // "scrap the café plan, not happening": a take-back of no slot; the write retires what names its topic
  if (ownSlot === null && mayHold && options.takesBack && said.intent === 'retract' && sureness(said) >= FACT_FLOOR) {
    return model('retract', null, false);
  }
  if (said.intent === 'task' && said.subject === 'user' && said.confidence >= TASK_FLOOR) {
    return model('task', null, false);
  }

  return said.intent === 'rule' && said.confidence >= ruleFloor(text) ? model('rule', null, true) : null;
}
