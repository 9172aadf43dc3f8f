import { NOT_EMPLOYED_AT } from 'src/language/clause-words';
import { itsNowValue } from 'src/language/its-now';
import { languageOf } from 'src/language/language-of';
import { aboutSomeoneElse } from 'src/language/plans';
import { detectRetraction } from 'src/language/retractions';
import type { Retraction } from 'src/language/retractions';
import type { SlotName } from 'src/language/slot-values';
import { containsValue, detectUserClaim } from 'src/language/slots';
import { LANGUAGE_TABLES } from 'src/language/tables';
import { valueShape } from 'src/language/value-shapes';
import { detectValueSwap } from 'src/language/value-swaps';
import { personaFacts, slotValue } from 'src/memory/intent/value-spans';
import { clauses, ruleParts, sentences } from 'src/memory/write/clauses';
import { detectIntent, sureness } from 'src/memory/write/intent';
import type { Intent, IntentClassifier } from 'src/memory/write/intent';
import { learnedTakeBack } from 'src/memory/write/learned-take-back';
import { AGREED_STATE_FLOOR } from 'src/memory/write/state-floor';

/**
 * Between reading and deciding: one memory per fact. "I'm 29, live in Ghent and work for Barco" is three slots, so
 * three memories, each superseded on its own later; "The user is a 34-year-old dental hygienist" is one clause that
 * names two slots (the classifier's slot list), so the second is written as its own slot sentence.
 */

/** A role said with "at" that names no employer (see NOT_EMPLOYED_AT). */
const STUDIES_AT = new RegExp(String.raw`\b(?:${[...NOT_EMPLOYED_AT].join('|')})\s+(?:at|for|with|hos|ved)\b`, 'iu');
/** How sure the classifier must be of a statement before a further slot it names is written. */
const FURTHER_FLOOR = 0.85;
/** A remember is cut into at most this many memories. */
const MAX_FACTS = 6;

export interface SlotFact {
  slot: SlotName;
  value: string;
}

/** The memory sentence of a slot value in the clause's language ("I work as a dental hygienist."). */
export function slotSentence(clause: string, fact: SlotFact): string {
  const table = LANGUAGE_TABLES.find((t) => t.language === languageOf(clause)) ?? LANGUAGE_TABLES[0];

  return table ? table.slotSentence(fact.slot, fact.value) : `${fact.value}.`;
}

/**
 * The slots a clause states of the user besides the one `intent` names, each with its value: the classifier's
 * further slots, when it is sure the clause is the user's own statement and the clause holds a value of the slot
 * that is not the value of a slot already read.
 */
export function furtherSlots(clause: string, intent: Intent, classifier?: IntentClassifier): SlotFact[] {
  if (classifier === undefined || intent.kind !== 'state' || intent.slot === null) {
    return [];
  }
  const language = languageOf(clause);
  const said = classifier(clause, language);
  const persona = personaFacts(clause);
  // a persona line's shape is a second reading of its slots
  const floor = persona.length > 0 ? AGREED_STATE_FLOOR : FURTHER_FLOOR;
  if (said.intent !== 'state' || said.subject !== 'user' || sureness(said) < floor || aboutSomeoneElse(clause)) {
    return [];
  }
  const taken = new Set([(slotValue(clause, intent.slot, language) ?? '').toLowerCase()]);
  const facts: SlotFact[] = [];
  // "I'm a student at Utrecht University" studies there: no employer
  const studies = STUDIES_AT.test(clause);
  const slots = [...new Set([...said.slots, ...persona.map((fact) => fact.slot)])];
  for (const slot of slots.filter((s) => s !== intent.slot && !(s === 'employer' && studies))) {
    const value = persona.find((fact) => fact.slot === slot)?.value ?? slotValue(clause, slot, language);
    // one run of words is one value: "0470 11 22" of a phone number "0470 11 22 33" is no birthday
    if (value !== null && ![...taken].some((held) => containsValue(held, value) || containsValue(value, held))) {
      taken.add(value.toLowerCase());
      facts.push({ slot, value });
    }
  }

  return facts;
}

/** The slot value the intent of a clause names, as a fact; null when it names none. */
function firstFact(clause: string, intent: Intent): SlotFact | null {
  if (intent.slot === null) {
    return null;
  }
  const said = detectUserClaim(clause);
  const value = said?.slot === intent.slot ? said.value : slotValue(clause, intent.slot, languageOf(clause));

  return value === null ? null : { slot: intent.slot, value };
}

/** The word that joined a clause to the one before it: "and I'm vegetarian, so ..." is kept as "I'm vegetarian, so ...". */
const LEADING_JOIN = /^(?:and|but|so|og|men|så),?\s+(?=\S)/iu;

function withoutJoin(clause: string): string {
  const rest = clause.replace(LEADING_JOIN, '');

  return rest === clause ? clause : `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/**
 * What a `remember` holds as separate memories, when it states two or more slots of the user: each clause as said
 * (a slot statement, or any other statement beside them), and each further slot of a clause as its slot sentence.
 * Null when it states fewer than two slots: the content is then one memory, as given.
 */
export function separateFacts(text: string, classifier?: IntentClassifier): string[] | null {
  const parts: string[] = [];
  const slots = new Set<SlotName>();
  for (const sentence of sentences(text)) {
    for (const clause of clauses(sentence)) {
      const intent = detectIntent(clause, {
        slots: true,
        anyPerson: true,
        takesBack: false,
        ...(classifier ? { classifier } : {}),
      });
      const further = furtherSlots(clause, intent, classifier).filter((fact) => !slots.has(fact.slot));
      const first = further.length > 0 ? firstFact(clause, intent) : null;
      if (intent.kind === 'state' && intent.slot !== null) {
        slots.add(intent.slot);
      }
      // a clause of several slots becomes one slot sentence each, so none reads as a near duplicate of another
      parts.push(
        ...(first === null ? [withoutJoin(clause)] : [first, ...further].map((fact) => slotSentence(clause, fact))),
      );
      further.forEach((fact) => slots.add(fact.slot));
    }
  }

  return slots.size >= 2 ? parts.slice(0, MAX_FACTS) : null;
}

/** A slot's "value" that says it has none: "I'm unemployed now", "between jobs". */
const NO_VALUE = /^(?:an? )?(?:unemployed|jobless|retired|between jobs|out of work|arbejdsløs|ledig|pensionist)$/iu;

/**
 * "I quit Acme, I'm at Globex now": a sentence that takes back a slot's value and states its new one is a correction,
 * written as the new value's slot sentence ("I work at Globex."), which supersedes the old holder. Null when no
 * sentence of `text` does both for one slot.
 */
export function replacedSlot(text: string, classifier?: IntentClassifier): { content: string; slot: SlotName } | null {
  for (const sentence of sentences(text)) {
    const parts = clauses(sentence);
    const said = parts.length > 1 || ruleParts(sentence).length > 1 ? detectRetraction(sentence) : null;
    const learned = said === null ? learnedTakeBack(parts, classifier) : null;
    const taken = said ?? learned?.taken ?? null;
    if (taken === null) {
      continue;
    }
    // the new value comes after what it replaces: "I quit Acme, I'm at Globex now"
    for (const clause of parts.slice((learned?.at ?? 0) + 1).filter((part) => detectRetraction(part) === null)) {
      const intent = detectIntent(clause, {
        slots: true,
        anyPerson: true,
        takesBack: false,
        ...(classifier ? { classifier } : {}),
      });
      const fact =
        intent.kind === 'state' && intent.slot === taken.slot
          ? firstFact(clause, intent)
          : newValueOf(clause, taken.slot, classifier);
      if (
        fact !== null &&
        !NO_VALUE.test(fact.value) &&
        (taken.value === null || !containsValue(fact.value, taken.value))
      ) {
        return { content: slotSentence(clause, fact), slot: fact.slot };
      }
    }
    const pointed = pointedValue(sentence, taken);
    if (pointed !== null) {
      return { content: slotSentence(sentence, pointed), slot: pointed.slot };
    }
  }

  return null;
}

/** Slots whose value must hold its shape ("it's dead now" is no e-mail address). */
const SHAPED: ReadonlySet<SlotName> = new Set(['email', 'age', 'birthday', 'timezone', 'pronouns', 'language']);

/**
 * "nobody calls me Flo these days, it's Tyna now", "jeg mente Bang & Olufsen, Lego var mit gamle job": beside a
 * take-back, before or after it, a part that says "it's X now" or "I meant X" names the slot's new value. Null when
 * no part but the take-back's does.
 */
function pointedValue(sentence: string, taken: Retraction): SlotFact | null {
  for (const part of ruleParts(sentence).filter((p) => detectRetraction(p) === null)) {
    const value = itsNowValue(part);
    const fits = value !== null && (!SHAPED.has(taken.slot) || valueShape(value, taken.slot) !== null);
    if (value !== null && fits && (taken.value === null || !containsValue(value, taken.value))) {
      return { slot: taken.slot, value };
    }
  }

  // "nej nej, det er køge, roskilde var før vi flyttede": the rest of the sentence says the new value as a correction
  const rest = ruleParts(sentence).filter((p) => detectRetraction(p) === null);
  const swap = rest.length > 0 ? detectValueSwap(rest.join(', ')) : null;
  const shaped = swap !== null && (!SHAPED.has(taken.slot) || valueShape(swap.to, taken.slot) !== null);
  if (swap?.from === null && shaped && (taken.value === null || !containsValue(swap.to, taken.value))) {
    return { slot: taken.slot, value: swap.to };
  }

  return null;
}

/** How sure the classifier must be that a clause after a take-back of its slot states the slot's new value. */
const NEW_VALUE_FLOOR = 0.6;

/** The value of `slot` that `clause` states by the classifier's reading, next to a take-back of the slot. */
function newValueOf(clause: string, slot: SlotName, classifier?: IntentClassifier): SlotFact | null {
  const said = classifier?.(clause, languageOf(clause));
  if (!said || said.intent !== 'state' || said.subject !== 'user' || said.confidence < NEW_VALUE_FLOOR) {
    return null;
  }
  const value = said.slots.includes(slot) ? slotValue(clause, slot, languageOf(clause)) : null;

  return value === null ? null : { slot, value };
}
