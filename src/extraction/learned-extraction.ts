import { MemoryType } from 'src/domain/memory.enums';
import type { Extraction, MemoryExtraction } from 'src/extraction/deterministic-extractor';
import { jointAsWe } from 'src/language/joint-subject';
import { languageOf } from 'src/language/language-of';
import { asSentence } from 'src/language/pattern-table';
import { aboutSomeoneElse } from 'src/language/plans';
import { classifyMemoryType } from 'src/memory/classify';
import type { IntentPrediction } from 'src/memory/intent/intent.types';
import { slotValue } from 'src/memory/intent/value-spans';
import { clauses } from 'src/memory/write/clauses';
import { furtherSlots, slotSentence } from 'src/memory/write/facts';
import type { SlotFact } from 'src/memory/write/facts';
import { detectIntent, ruleFloor } from 'src/memory/write/intent';
import type { IntentClassifier } from 'src/memory/write/intent';

/*
 * What the intent classifier reads in a chat sentence no pattern read (the same-turn extractor's learned half).
 */

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

export const asSaid = (patternId: string, sentence: string): MemoryExtraction => ({
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
export function learned(sentence: string, classifier: IntentClassifier): Extraction[] {
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
      if (said.intent === 'forget' && said.subject === 'user' && said.confidence >= OTHERS_FLOOR) {
        return [{ kind: 'forget', patternId: 'model.forget', query: clause, slots: [] }];
      }
      // "need to cancel my gym membership before the 1st, don't let me forget": a task the user sets themself
      if (said.intent === 'task' && said.subject === 'user' && said.confidence >= TASK_FLOOR) {
        return [...others, { ...asSaid('model.task', sentence), type: MemoryType.TODO }];
      }
      // "my partner and I bought a house": the user's news, as "we bought a house" is
      worthKeeping ||= isNews(said, clause) || isNews(classifier(jointAsWe(clause), languageOf(clause)), clause);
      continue;
    }
    // "btw whenever u give me recipes make them gluten free": a standing rule the classifier reads too ("whenever it
    // rains my knee hurts" is no rule), tagged by the write path
    if (intent.kind === 'rule' && isRule(classifier(clause, languageOf(clause)), clause)) {
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
  }

  if (others.length > 0) {
    return others;
  }

  return worthKeeping && NEWS.has(classifyMemoryType(sentence)) ? [asSaid('model.keep', sentence)] : [];
}

/** How sure the classifier must be that a clause of no pattern sets the user a task ("need to X before the 1st"). */
const TASK_FLOOR = 0.85;
/** How sure the classifier must be that a clause of no slot states the user's news, decision or plan. */
const KEEP_FLOOR = 0.8;
/**
 * A clause whose own words say it is a decision or a goal ("we decided to", "I want to become") needs the classifier
 * less sure that it is the user's statement: two readings agree.
 */
const CUED_KEEP_FLOOR = 0.7;
const CUED_NEWS: ReadonlySet<MemoryType> = new Set([MemoryType.DECISION, MemoryType.GOAL]);
/**
 * What a sentence no pattern read is kept as: a decision, a goal or plan, an event. A restated trait ("Being a
 * pharmacist in winter is no joke") or a remark ("I've changed my mind") is left to the patterns.
 */
const NEWS: ReadonlySet<MemoryType> = new Set([MemoryType.DECISION, MemoryType.GOAL, MemoryType.EVENT]);

/**
 * Whether a clause no pattern read is worth keeping: the classifier reads it as a statement of the user's own ("we
 * decided to go with leasing", "going to run a marathon in May", "we got a puppy last week"), not as the day's small
 * talk ("the bus was late again", "I'm so tired today"), which it was taught to read as chatter.
 */
function isNews(said: IntentPrediction, clause: string): boolean {
  const floor = CUED_NEWS.has(classifyMemoryType(clause)) ? CUED_KEEP_FLOOR : KEEP_FLOOR;

  return said.intent === 'state' && said.subject === 'user' && said.confidence >= floor;
}

function isRule(said: IntentPrediction, clause: string): boolean {
  return said.intent === 'rule' && said.subject === 'user' && said.confidence >= ruleFloor(clause);
}

/** A forget request asked as a question ("can you delete my age?"), as the classifier reads it; else nothing. */
export function askedToForget(sentence: string, classifier: IntentClassifier): Extraction[] {
  return learned(sentence, classifier).filter((extraction) => extraction.kind === 'forget');
}

/** The further slots a pattern's slot statement names, by the classifier ("just started at Marlowe as a buyer"). */
export function furtherFacts(
  clause: string,
  extraction: MemoryExtraction,
  classifier?: IntentClassifier,
): Extraction[] {
  if (extraction.slot === null || classifier === undefined) {
    return [];
  }
  const intent = { kind: 'state', slot: extraction.slot, rule: false, by: 'pattern', confidence: 1 } as const;

  return furtherSlots(clause, intent, classifier).map((fact) => slotMemory('model.slot', clause, fact));
}
