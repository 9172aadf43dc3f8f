import nlp from 'compromise';

import type { SlotName } from 'src/language/slot-values';
import { valueShape } from 'src/language/value-shapes';
import type { IntentLanguage } from 'src/memory/intent/intent.types';
import { personaFacts } from 'src/memory/intent/value-spans';

/**
 * How sure the classifier must be before a new slot value counts. 0.85 in general; 0.7 for a short name or place
 * said in lower case whose words look like one ("i'm anouk", "based in innsbruck"): the classifier reads such casual
 * clauses at 0.7-0.8, and the value's own shape is a second reading that agrees. "i'm wiped", "i'm stoked" and "i'm
 * fine" are read at the same confidence, so the words must be names, or unknown to compromise's English lexicon and
 * tagged neither verb, adjective nor adverb.
 */
export const STATE_FLOOR = 0.85;
export const AGREED_STATE_FLOOR = 0.7;

const NAMED_SLOTS: ReadonlySet<SlotName> = new Set(['name', 'nickname', 'location']);
/** Slots whose value has a shape nothing else has: an e-mail address, a pronoun set. */
const SHAPED_SLOTS: ReadonlySet<SlotName> = new Set(['email', 'pronouns']);
const FIRST_NAME = new Set(['FirstName', 'MaleName', 'FemaleName']);
const NOT_A_NAME = /^(?:Verb|Adjective|Adverb|Preposition|Determiner|Pronoun|Conjunction|Expression|Value)$/u;
const NAME_WORD = /^[\p{L}][\p{L}'-]{1,20}$/u;
const MAX_AGREED_WORDS = 2;
/** The clause says it is the user's own: "i'm anouk", "call me T", "jeg hedder ...". */
const FIRST_PERSON = /(?<![\p{L}'])(?:i|i'm|im|me|my|jeg|mig|mit|min|ny|new)(?![\p{L}'])/iu;
/** Lower-case words whose suffix says what they are: "knackered", "chilling". */
const NOT_A_NAME_SUFFIX = /(?:ed|ing|ly)$/u;

interface LexiconModel {
  model: () => { one: { lexicon: Record<string, string | string[] | undefined> } };
}

let lexicon: Record<string, string | string[] | undefined> | null = null;

function lexiconTags(word: string): string[] {
  lexicon ??= (nlp as unknown as LexiconModel).model().one.lexicon;
  const tags = lexicon[word];

  return tags === undefined ? [] : Array.isArray(tags) ? tags : [tags];
}

type ClauseTerms = () => { text: string; tags: string[] }[];

/** The clause's terms as compromise tags them, parsed on first use and once per clause. */
function termsOf(clause: string): ClauseTerms {
  let terms: { text: string; tags: string[] }[] | null = null;

  return () => {
    terms ??= (nlp(clause).terms().json() as { terms: { text: string; tags: string[] }[] }[]).flatMap((term) =>
      term.terms.slice(0, 1),
    );

    return terms;
  };
}

/** Whether one word of a value looks like a name or a place, in its clause: capitalised past its start, or below. */
function nameLike(word: string, clause: string, lang: IntentLanguage, clauseTerms: ClauseTerms): boolean {
  const lower = word.toLowerCase();
  if (/^\p{Lu}/u.test(word) && !clause.startsWith(word)) {
    return true;
  }
  if (!NAME_WORD.test(word)) {
    return false;
  }
  const known = lexiconTags(lower);
  if (known.some((tag) => FIRST_NAME.has(tag))) {
    return true;
  }
  if (lang !== 'en' || known.length > 0 || NOT_A_NAME_SUFFIX.test(lower)) {
    return false;
  }
  const tagged = clauseTerms().find((term) => term.text.toLowerCase() === lower);

  return tagged !== undefined && !tagged.tags.some((tag) => NOT_A_NAME.test(tag));
}

/** A lower-case word the lexicon or its suffix says is a state, not a name: "i'm pumped", "i'm stoked". */
function describesState(word: string): boolean {
  const lower = word.toLowerCase();

  return (
    word === lower &&
    !lexiconTags(lower).some((tag) => FIRST_NAME.has(tag)) &&
    (NOT_A_NAME_SUFFIX.test(lower) || lexiconTags(lower).some((tag) => /^(?:Adjective|PastTense|Gerund)$/u.test(tag)))
  );
}

/** A word that is a number: "2", "two", "to" is not (compromise's lexicon tags the number words "Value"). */
function isNumber(word: string): boolean {
  return /\p{N}/u.test(word) || lexiconTags(word.toLowerCase()).some((tag) => /Value|Cardinal/u.test(tag));
}

/**
 * The floor for the classifier's reading of `slot` with `value` in `clause`; Infinity for a name or nickname in lower
 * case that is a word of state ("i'm pumped" was read as a name at 0.97) or that holds a number.
 */
export function stateFloor(clause: string, slot: SlotName, value: string, lang: IntentLanguage): number {
  const words = value.split(/\s+/u);
  const ownWords = FIRST_PERSON.test(clause);
  const clauseTerms = termsOf(clause);
  if ((slot === 'name' || slot === 'nickname') && lang === 'en' && words.some(describesState)) {
    return Number.POSITIVE_INFINITY;
  }
  // "It's two metres by three": a number is no one's name
  if ((slot === 'name' || slot === 'nickname') && words.some(isNumber)) {
    return Number.POSITIVE_INFINITY;
  }
  // "The conference is in Bergen": a place that is not said to be the user's
  // "ny mail: asger.bach@proton.me": an address's shape is its own second reading
  if (ownWords && SHAPED_SLOTS.has(slot) && valueShape(clause, slot) === value) {
    return AGREED_STATE_FLOOR;
  }
  // "Brugeren er en 31-årig landmand fra Thy": a persona line's shape is a second reading of each of its values
  if (personaFacts(clause).some((fact) => fact.slot === slot && fact.value === value)) {
    return AGREED_STATE_FLOOR;
  }
  const agrees =
    ownWords &&
    NAMED_SLOTS.has(slot) &&
    words.length <= MAX_AGREED_WORDS &&
    words.every((word) => nameLike(word, clause, lang, clauseTerms));

  return agrees ? AGREED_STATE_FLOOR : STATE_FLOOR;
}
