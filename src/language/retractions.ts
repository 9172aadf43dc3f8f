import { textWords } from 'src/common/text-words';
import { VALUE_END } from 'src/language/cue-parts';
import { DA_FACT_RETRACTION_CUES, DA_RETRACTION_CUES } from 'src/language/da/retractions';
import { EN_FACT_RETRACTION_CUES, EN_RETRACTION_CUES, HABIT_VERBS } from 'src/language/en/retractions';
import type { FactRetractionCue, RetractionCue } from 'src/language/retraction-cue';
import { asFirstPerson, MAX_SLOT_TEXT, normalizeSlotValue } from 'src/language/slots';
import type { SlotName } from 'src/language/slots';

/** A retraction names the slot it takes back, and the value when it says one ("I left Hooli"; "there": null). */
export interface Retraction {
  slot: SlotName;
  value: string | null;
  /** Another slot the value may be held in: "I left Madrid" ends an employer or a home, whichever said Madrid. */
  orSlot?: SlotName;
}

/** Slots whose values are written in lower case: for the rest a value must be a name ("I left my keys" is not). */
const LOWER_CASE_VALUES: ReadonlySet<SlotName> = new Set(['occupation', 'email', 'pronouns', 'language']);

export const RETRACTION_CUES: readonly RetractionCue[] = [...EN_RETRACTION_CUES, ...DA_RETRACTION_CUES];
export const FACT_RETRACTION_CUES: readonly FactRetractionCue[] = [
  ...EN_FACT_RETRACTION_CUES,
  ...DA_FACT_RETRACTION_CUES,
];

function firstPerson(content: string): string {
  return asFirstPerson(content.slice(0, MAX_SLOT_TEXT)).replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
}

/** What one cue reads in text already in the first person; undefined when it does not fire. */
function readRetraction(cue: RetractionCue, text: string): Retraction | undefined {
  const match = cue.pattern.exec(text);
  if (match === null) {
    return undefined;
  }
  // a retraction that names no value ("I quit my job") takes back whatever the slot holds
  const value = (match[1] ?? '').replace(VALUE_END, '').trim();
  if (/^(?:there|der)$/iu.test(value) || value.length === 0) {
    return { slot: cue.slot, value: null };
  }
  // "I left my keys at home": a place or an employer is a name
  if (!LOWER_CASE_VALUES.has(cue.slot) && !/^\p{Lu}/u.test(value)) {
    return undefined;
  }

  return { slot: cue.slot, value: normalizeSlotValue(value, cue.slot), ...(cue.orSlot ? { orSlot: cue.orSlot } : {}) };
}

/** What one cue alone takes back in `content` (the table spec runs every cue's examples through it). */
export function matchRetractionCue(cue: RetractionCue, content: string): Retraction | null {
  return readRetraction(cue, firstPerson(content)) ?? null;
}

/**
 * A negated slot statement ("I no longer work at X", "I don't live in Leeds anymore", "The user left Hooli", "Jeg
 * bor ikke længere i Aarhus"), or null. Third-person claims count as the first-person form does.
 */
export function detectRetraction(content: string): Retraction | null {
  const text = firstPerson(content);
  for (const cue of RETRACTION_CUES) {
    const found = readRetraction(cue, text);
    if (found) {
      return found;
    }
  }

  return null;
}

function readFact(cue: FactRetractionCue, text: string): string[] | null {
  const what = cue.pattern.exec(text)?.[1];
  const words = what === undefined ? [] : textWords(what).filter((word) => !HABIT_VERBS.has(word));

  return words.length > 0 && words.length <= 4 ? words : null;
}

/** The words one fact cue alone takes back in `content`. */
export function matchFactRetractionCue(cue: FactRetractionCue, content: string): string[] | null {
  return readFact(cue, firstPerson(content));
}

/**
 * The words of a habit or trait the user takes back, or null: ["tennis"] for "I don't play tennis anymore". Memories
 * naming every one of them are what the statement ends (MemoryWriteService, among the write's nearest neighbours).
 */
export function detectFactRetraction(content: string): string[] | null {
  const text = firstPerson(content);
  for (const cue of FACT_RETRACTION_CUES) {
    const words = readFact(cue, text);
    if (words) {
      return words;
    }
  }

  return null;
}

/** Whether `content` names every word, each as a word or the start of one ("smoke" names "smokes"). */
export function namesAll(content: string, words: readonly string[]): boolean {
  const present = textWords(content);

  return words.every((word) => {
    // "smoking" names "smoke" and "smokes": the stem without its ending, when what is left is still a word's length
    const stem = word.replace(/(?:ing|ed|es|s|e)$/u, '');

    return present.some(
      (seen) =>
        seen === word ||
        seen === `${word}s` ||
        seen === `${word}es` ||
        (stem.length >= 4 && seen.startsWith(stem) && seen.length <= stem.length + 4),
    );
  });
}
