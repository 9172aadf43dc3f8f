import { MemoryType } from 'src/domain/memory.enums';
import { classifyMemoryType } from 'src/memory/classify';
import type { IntentPrediction } from 'src/memory/intent/intent.types';
import { ruleFloor, sureness } from 'src/memory/write/intent';

/**
 * What chat keeps of a sentence no pattern kept, by the classifier's reading: the user's news, decisions and plans,
 * and the rules whose words a pattern read as one.
 */

/** How sure the classifier must be that a clause of no slot states the user's news, decision or plan. */
export const KEEP_FLOOR = 0.8;
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
export const NEWS: ReadonlySet<MemoryType> = new Set([MemoryType.DECISION, MemoryType.GOAL, MemoryType.EVENT]);

/**
 * Whether a clause no pattern read is worth keeping: the classifier reads it as a statement of the user's own ("we
 * decided to go with leasing", "going to run a marathon in May", "we got a puppy last week"), not as the day's small
 * talk ("the bus was late again", "I'm so tired today"), which it was taught to read as chatter.
 */
export function isNews(said: IntentPrediction, clause: string): boolean {
  const floor = CUED_NEWS.has(classifyMemoryType(clause)) ? CUED_KEEP_FLOOR : KEEP_FLOOR;

  return said.intent === 'state' && said.subject === 'user' && sureness(said) >= floor;
}

/**
 * Whether a clause whose words read as a rule is one the user sets: chat keeps few rules by their words alone ("Keep
 * going and never give up!" is none), so "pls keep answers short" needs the classifier too, as sure as the write path
 * asks (ruleFloor: less when the words say the rule stands, "whenever u give me recipes ...").
 */
export const isRule = (said: IntentPrediction, clause: string): boolean =>
  said.intent === 'rule' && said.subject === 'user' && said.confidence >= ruleFloor(clause);
