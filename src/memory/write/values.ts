import { textWords } from 'src/common/text-words';
import { languageOf } from 'src/language/language-of';
import { detectFactRetraction, detectRetraction } from 'src/language/retractions';
import type { Retraction } from 'src/language/retractions';
import { normalizeSlotValue, slotValueIn } from 'src/language/slots';
import { firstMatch, mentionedSlots } from 'src/language/tables';
import { valueShape } from 'src/language/value-shapes';
import { detectValueSwap } from 'src/language/value-swaps';
import type { ValueSwap } from 'src/language/value-swaps';
import { slotValue, spanValue } from 'src/memory/intent/value-spans';
import type { Intent } from 'src/memory/write/intent';
import { takenBackTopic } from 'src/memory/write/learned-fact-take-back';

/**
 * Stage 4 of the write path: the values a clause names, read for what it does. A statement gives its slot's value
 * ("I live in Oslo" -> oslo), a retraction what it takes back, a forget request which slot or words it drops, a
 * correction the old and the new value.
 */

export interface Values {
  slot: { name: string; value: string } | null;
  /** A negated slot statement (or a forget request naming a slot): the write retires what it takes back. */
  retracts: Retraction | null;
  /** A taken-back habit or trait of no slot: the words of what ends ("I don't play tennis anymore"). */
  retractsFact: readonly string[] | null;
  /** A correction that names two values but no slot ("I said Bristol but I meant Bath"). */
  swap: ValueSwap | null;
}

/** Words of a forget request that name nothing by themselves: "the Krakow thing" is about Krakow. */
const REQUEST_WORDS = new Set(['my', 'the', 'that', 'this', 'what', 'i', 'said', 'about', 'thing', 'stuff', 'bit']);

/** The words of a habit or trait the write ends; "I'm not a vegetarian anymore" reads as an occupation too. */
function factsTakenBack(text: string, retracts: Retraction | null): readonly string[] | null {
  if (retracts === null) {
    return detectFactRetraction(text);
  }

  return retracts.slot === 'occupation' && retracts.value !== null ? retracts.value.split(' ') : null;
}

function forgotten(text: string): Pick<Values, 'retracts' | 'retractsFact'> {
  const query = firstMatch(text, ['forget'])?.match.value ?? '';
  const [slot, orSlot] = mentionedSlots(query);
  if (slot !== undefined) {
    return { retracts: { slot, value: null, ...(orSlot ? { orSlot } : {}) }, retractsFact: null };
  }
  const words = textWords(query).filter((word) => !REQUEST_WORDS.has(word));

  return { retracts: null, retractsFact: words.length > 0 && words.length <= 4 ? words : null };
}

/**
 * What the classifier said is taken back: its slot, and the value of the slot's shape when the clause names one. A
 * forget request's value is never one said in lower case after a cue: "asked the assistant to forget their location"
 * names no place "forget".
 */
function modelRetraction(text: string, intent: Intent): Retraction | null {
  if (intent.by !== 'model' || intent.slot === null) {
    return null;
  }
  const language = languageOf(text);
  const value =
    intent.kind === 'forget'
      ? (valueShape(text, intent.slot) ?? spanValue(text, intent.slot, language))
      : slotValue(text, intent.slot, language);

  return { slot: intent.slot, value: value === null ? null : normalizeSlotValue(value, intent.slot) };
}

/**
 * The values of `text` (normalised) for `intent`. `slotName` is the slot the write holds: the one it was given, or
 * the one its intent speaks of; null when it may claim none (a private channel).
 */
export function extractValues(text: string, intent: Intent, slotName: string | null): Values {
  // a slot the classifier read ("moved to linz lol"): the value it holds, in any case
  const modelSlot = intent.by === 'model' && intent.slot === slotName ? intent.slot : null;
  const read = modelSlot === null ? null : slotValue(text, modelSlot, languageOf(text));
  const value = read === null ? null : normalizeSlotValue(read, slotName ?? undefined);
  const slot = slotName === null ? null : { name: slotName, value: value ?? slotValueIn(text, slotName) };
  const none = { slot, retracts: null, retractsFact: null, swap: null };
  if (slot !== null) {
    return none;
  }
  switch (intent.kind) {
    case 'retract': {
      const retracts = detectRetraction(text) ?? modelRetraction(text, intent);

      const learned = retracts === null && intent.by === 'model' ? takenBackTopic(text) : null;

      return { ...none, retracts, retractsFact: factsTakenBack(text, retracts) ?? learned };
    }
    case 'forget':
      return { ...none, ...(intent.by === 'model' ? { retracts: modelRetraction(text, intent) } : forgotten(text)) };
    case 'correct':
      return { ...none, swap: detectValueSwap(text) };
    default:
      return none;
  }
}
