import { TIMEZONE } from 'src/language/en/slot-parts';
import { DIETS, LANGUAGES, OCCUPATIONS, phoneDigits } from 'src/language/en/slot-words';
import type { SlotName } from 'src/language/slot-values';

/**
 * What a value of each slot looks like, wherever it stands in a clause: an address, an age, a capitalised name, a
 * job word, a language. Read when the intent classifier, not a pattern, said which slot a clause speaks of ("these
 * days home is Sheffield"): the value is the last thing of the slot's shape. Null when the clause holds none.
 */

const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/u;
// a group of a phone number ("+45 20 11 33 44", "0470 11 22 33") is no age
const AGE =
  /(?<![\p{L}\p{N}.,:/+-]|\d\s)(\d{1,3})(?![\p{N}.,:/%-]|\s*(?:kg|km|cm|h|min|am|pm|%|euros?|dollars?|kr)|\s+\d)/u;
/** "a 34-year-old dental hygienist": the hyphen that AGE refuses after a number ("10-15") */
const AGED = /(?<![\p{L}\p{N}.,:/-])(\d{1,3})[- ]years?[- ]old\b/u;
const PRONOUNS = /\b([a-z]+\/[a-z]+(?:\/[a-z]+)?)\b/iu;
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|marts|juni|juli|oktober';
const DATE = new RegExp(
  String.raw`\b(\d{1,2}(?:st|nd|rd|th|\.)? (?:of )?(?:${MONTHS})|(?:${MONTHS}) \d{1,2}(?:st|nd|rd|th)?)\b`,
  'iu',
);
const PHONE_NUMBER = /(?<![\p{L}\p{N}])\+?\(?\d[\d ()./-]{4,20}\d(?![\p{L}\p{N}]|[ ()./-]\d)/u;
const DIET = new RegExp(String.raw`\b(${DIETS})(?![\p{L}-])`, 'iu');
const JOB = new RegExp(String.raw`\b((?:${OCCUPATIONS}))\b`, 'giu');
const LANGUAGE = new RegExp(String.raw`\b(${LANGUAGES})\b`, 'giu');
const ZONE = new RegExp(TIMEZONE, 'iu');
/** Capitalised words that start a sentence, or name no place, employer or person. */
const NOT_A_NAME = new Set(
  (
    "i im i'm my me we our you your the a an it its this that these those he she they his her their sorry so " +
    'ok okay yes no hi hey hello btw fwiw lol user jeg mit min vi nu alle det den og men ' +
    'monday tuesday wednesday thursday friday saturday sunday ' +
    MONTHS.split('|').join(' ')
  ).split(' '),
);
const MAX_SHAPE_TEXT = 400;
const NEGATIONS: ReadonlySet<string> = new Set(['not', 'ikke', 'nor']);

/** The last run of capitalised words not at a sentence start: "these days home is Sheffield" -> "Sheffield". */
function lastName(text: string): string | null {
  const words = text.split(/\s+/u);
  let best: string | null = null;
  let run: string[] = [];
  // "Bath, not Bristol": a name after "not" is the one the user rejects
  let negated = false;
  words.forEach((raw, i) => {
    const word = raw.replace(/^[("'“‘]+|[)"'”’.,;:!?]+$/gu, '');
    const sentenceStart = i === 0 || /[.!?]$/u.test(words[i - 1] ?? '');
    const name = /^\p{Lu}[\p{L}\p{N}'&.-]*$/u.test(word) && !NOT_A_NAME.has(word.toLowerCase()) && !sentenceStart;
    if (name) {
      negated = run.length === 0 ? NEGATIONS.has((words[i - 1] ?? '').toLowerCase()) : negated;
      run.push(word);
    }
    if (run.length > 0 && (!name || /[.,;:!?)]$/u.test(raw) || i === words.length - 1)) {
      best = negated ? best : run.join(' ');
      run = [];
    }
  });

  return best;
}

function last(regex: RegExp, text: string): string | null {
  let found: string | null = null;
  for (const match of text.matchAll(regex)) {
    found = match[1] ?? null;
  }

  return found;
}

/** The value of `slot`'s shape in `text`, or null. */
export function valueShape(text: string, slot: SlotName): string | null {
  const clause = text.slice(0, MAX_SHAPE_TEXT);
  switch (slot) {
    case 'email':
      return EMAIL.exec(clause)?.[0] ?? null;
    case 'age': {
      const age = AGED.exec(clause)?.[1] ?? AGE.exec(clause)?.[1];

      return age !== undefined && Number(age) > 0 && Number(age) <= 130 ? age : null;
    }
    case 'pronouns':
      return PRONOUNS.exec(clause)?.[1] ?? null;
    case 'birthday':
      return DATE.exec(clause)?.[1] ?? null;
    case 'occupation':
      return last(JOB, clause);
    case 'language':
      return last(LANGUAGE, clause);
    case 'timezone':
      return ZONE.exec(clause)?.[0] ?? null;
    case 'phone': {
      const number = PHONE_NUMBER.exec(clause)?.[0];

      return number !== undefined && phoneDigits(number) ? number : null;
    }
    case 'diet':
      return DIET.exec(clause)?.[1] ?? null;
    default:
      return lastName(clause);
  }
}
