import { languageOf } from 'src/language/language-of';
import type { Retraction } from 'src/language/retractions';
import { sureness, TAKE_BACK_FLOOR } from 'src/memory/write/intent';
import type { IntentClassifier } from 'src/memory/write/intent';

/** "I told you the wrong birthday", "du har min forkerte mail": a clause that calls the slot's value wrong. */
const WRONG = /(?<!\p{L})(?:wrong|incorrect|forkert|forkerte)(?!\p{L})/iu;
const TAKES_BACK: ReadonlySet<string> = new Set(['retract', 'forget', 'correct']);

/**
 * A clause before the last that takes back a slot of the user's by the classifier's reading ("that thing i said abt
 * being 25, ignore it", "I told you the wrong birthday"), and where it stands; null when none does. The clauses after
 * it may then state the slot's new value (see replacedSlot).
 */
export function learnedTakeBack(
  parts: readonly string[],
  classifier?: IntentClassifier,
): { taken: Retraction; at: number } | null {
  if (classifier === undefined) {
    return null;
  }
  for (let at = 0; at < parts.length - 1; at += 1) {
    const clause = parts[at] ?? '';
    const said = classifier(clause, languageOf(clause));
    const takes = (TAKES_BACK.has(said.intent) && sureness(said) >= TAKE_BACK_FLOOR) || WRONG.test(clause);
    if (said.subject === 'user' && said.slot !== null && takes) {
      return { taken: { slot: said.slot, value: null }, at };
    }
  }

  return null;
}
