import { recentTexts } from 'src/common/recent-texts';
import { textWords } from 'src/common/text-words';
import { VALUE_END } from 'src/language/cue-parts';
import { DA_FACT_RETRACTION_CUES, DA_HABIT_WORDS, DA_RETRACTION_CUES } from 'src/language/da/retractions';
import { EN_FACT_RETRACTION_CUES, EN_RETRACTION_CUES, HABIT_VERBS } from 'src/language/en/retractions';
import { foldCase, mayMatch, prefilterOf } from 'src/language/literal-prefilter';
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
const RETRACTION_FILTERS = RETRACTION_CUES.map((cue) => prefilterOf(cue.pattern));
const FACT_FILTERS = FACT_RETRACTION_CUES.map((cue) => prefilterOf(cue.pattern));

/**
 * A take-back whose subject was dropped, given it back: "not vegan anymore" -> "i'm not vegan anymore", "no longer
 * works at Acme" -> "i no longer works at Acme" (asFirstPerson then fixes the verb), "no longer with Acme" -> "i'm no
 * longer with Acme". "not" and "don't" only with an "anymore" later in the clause, so "not bad" and "don't call me
 * Bob" stay as they are.
 */
const DROPPED_SUBJECT: ReadonlyArray<[RegExp, string]> = [
  [/^no longer (?=\p{L}+s )/iu, 'i no longer '],
  [/^no longer (?=\p{L})/iu, "i'm no longer "],
  [/^not (?=[^.!?;,]*\b(?:anymore|any more|any longer|these days|nowadays)\b)/iu, "i'm not "],
  [/^(?:don't|dont|do not|doesn't|does not) (?=[^.!?;,]*\b(?:anymore|any more|any longer)\b)/iu, "i don't "],
  [/^ikke (?=[^.!?;,]*(?:længere|mere)\b)/iu, 'jeg er ikke '],
];

function withSubject(text: string): string {
  return DROPPED_SUBJECT.reduce((said, [pattern, subject]) => said.replace(pattern, subject), text);
}

function firstPerson(content: string): string {
  const text = content.slice(0, MAX_SLOT_TEXT).replace(/[’‘]/gu, "'").trimStart();

  return asFirstPerson(withSubject(text)).replace(/\s+/gu, ' ').trim();
}

/** What one cue reads in text already in the first person; undefined when it does not fire. */
function readRetraction(cue: RetractionCue, text: string): Retraction | undefined {
  const match = cue.pattern.exec(text);
  if (match === null) {
    return undefined;
  }
  // a retraction that names no value ("I quit my job") takes back whatever the slot holds
  const value = (match[1] ?? '').replace(VALUE_END, '').trim();
  // "forget that nickname", "glem det kælenavn": a word that points back names no value
  if (/^(?:there|der|that|this|it|det|dét|den)$/iu.test(value) || value.length === 0) {
    return { slot: cue.slot, value: null };
  }
  // "I left my keys at home": a place or an employer is a name
  if (!LOWER_CASE_VALUES.has(cue.slot) && cue.anyCase !== true && !/^\p{Lu}/u.test(value)) {
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
  return retractionOf(content);
}

const retractionOf = recentTexts((content: string): Retraction | null => {
  const text = firstPerson(content);
  const folded = foldCase(text);
  for (const [i, cue] of RETRACTION_CUES.entries()) {
    const found = mayMatch(RETRACTION_FILTERS[i]!, text, folded) ? readRetraction(cue, text) : undefined;
    if (found) {
      return found;
    }
  }

  return null;
});

const NAMES_NOTHING: ReadonlySet<string> = new Set([...HABIT_VERBS, ...DA_HABIT_WORDS]);

function readFact(cue: FactRetractionCue, text: string): string[] | null {
  const what = cue.pattern.exec(text)?.[1];
  const words = what === undefined ? [] : textWords(what).filter((word) => !NAMES_NOTHING.has(word));

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
export function detectFactRetraction(content: string): readonly string[] | null {
  return factRetractionOf(content);
}

const factRetractionOf = recentTexts((content: string): readonly string[] | null => {
  const text = firstPerson(content);
  const folded = foldCase(text);
  for (const [i, cue] of FACT_RETRACTION_CUES.entries()) {
    const words = mayMatch(FACT_FILTERS[i]!, text, folded) ? readFact(cue, text) : null;
    if (words) {
      return words;
    }
  }

  return null;
});

/** A Danish noun's definite forms: "klub" -> "klubben" (and "klubben"'s kin: -en, -et, -n). */
function definiteOf(noun: string): string[] {
  const doubled = `${noun}${noun.slice(-1)}`;

  return [`${noun}en`, `${noun}et`, `${noun}n`, `${doubled}en`, `${doubled}et`];
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
        // Danish present tense: "ryge" names "ryger"; the definite form: "løbeklubben" names "løbeklub"
        seen === `${word}r` ||
        (word.length >= 6 && definiteOf(seen).includes(word)) ||
        (stem.length >= 4 && seen.startsWith(stem) && seen.length <= stem.length + 4),
    );
  });
}
