import type { SlotName } from 'src/language/slots';

export const INTENTS = ['state', 'correct', 'retract', 'forget', 'ask', 'rule', 'task', 'chatter', 'request'] as const;
/**
 * What a clause does: states a fact, corrects an earlier one, takes one back (it was wrong), asks to forget one (true
 * but not to be kept), asks a question, sets a rule for the assistant, sets a task or reminder, says nothing to keep
 * (pleasantries, template placeholders), or asks the assistant to do something now.
 */
export type Intent = (typeof INTENTS)[number];

export const SUBJECTS = ['user', 'other'] as const;
/** Whose fact it is: the user's own, or someone else's (family, friends, colleagues). */
export type Subject = (typeof SUBJECTS)[number];

export type IntentLanguage = 'en' | 'da';

export interface IntentPrediction {
  intent: Intent;
  /** The slot the clause speaks of (the most likely one), or null. */
  slot: SlotName | null;
  /** Every slot the clause speaks of ("I work as a data analyst at Nike": occupation and employer), most likely first. */
  slots: SlotName[];
  subject: Subject;
  /** The intent's probability (0..1). */
  confidence: number;
  /**
   * The intent's probability with its kin's, which the write path acts on alike: a value said as news or as a
   * correction ("ny mail: ...", "den gamle er lukket"), a take-back or a forget request. The confidence when absent.
   */
  kinConfidence?: number;
}

/** One labelled clause, as kept in src/memory/intent/clauses/*.jsonl. */
export interface LabelledClause {
  text: string;
  lang: IntentLanguage;
  intent: Intent;
  slots: SlotName[];
  subject: Subject;
}
