import * as chrono from 'chrono-node';
import nlp from 'compromise';

import { cuedValue } from 'src/language/cued-values';
import { NOT_A_JOB } from 'src/language/en/slot-words';
import type { SlotName } from 'src/language/slots';
import { valueShape } from 'src/language/value-shapes';
import { MAX_CLAUSE_CHARS } from 'src/memory/intent/features';
import type { IntentLanguage } from 'src/memory/intent/intent.types';
import { personaList } from 'src/memory/intent/persona-list';

export type ValueSpanKind = 'person' | 'place' | 'organization' | 'proper' | 'date' | 'email';

export interface ValueSpan {
  kind: ValueSpanKind;
  text: string;
}

const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/gu;
// chrono-node has no Danish: "3. juni", "d. 14. marts", "14/3"
const DANISH_DATE =
  /\b\d{1,2}\.\s*(?:januar|februar|marts|april|maj|juni|juli|august|september|oktober|november|december)(?:\s+\d{4})?\b|\b\d{1,2}\/\d{1,2}(?:[/-]\d{2,4})?\b/giu;
const EDGE_PUNCTUATION = /^[\s"'“”(]+|[\s"'“”).,;:!?]+$/gu;

function tidy(text: string): string {
  return text.replace(EDGE_PUNCTUATION, '');
}

// compromise reads Danish as English and tags lowercase neighbours into a proper noun ("det København", "Sofie nu")
/** Lower-case words at either end dropped (one word always stays), word by word: linear. */
function properOnly(text: string): string {
  const words = text.split(/\s+/u);
  let start = 0;
  let end = words.length;
  while (start < end - 1 && /^\p{Ll}+$/u.test(words[start] ?? '')) {
    start += 1;
  }
  while (end > start + 1 && /^\p{Ll}+$/u.test(words[end - 1] ?? '')) {
    end -= 1;
  }

  return words.slice(start, end).join(' ');
}

/**
 * Names, places, organisations, other proper nouns, dates and e-mail addresses in a clause, in the order found:
 * compromise's entity tags (English-trained; on Danish only its capitalisation-based proper nouns help), chrono-node
 * for English dates, a value shape for Danish dates and e-mail addresses.
 */
export function extractValueSpans(whole: string, lang: IntentLanguage): ValueSpan[] {
  const clause = whole.slice(0, MAX_CLAUSE_CHARS);
  const doc = nlp(clause);
  const spans: ValueSpan[] = [];
  const add = (kind: ValueSpanKind, texts: readonly string[]): void => {
    // compromise takes a capitalised "I'm" for a proper noun
    for (const text of texts.map(tidy).filter((t) => t !== '' && !/^i(?:'\p{L}+)?$/iu.test(t))) {
      spans.push({ kind, text });
    }
  };
  add('email', clause.match(EMAIL) ?? []);
  // a name said all in lower case has no capitals to trim it by: "greyfield council" stays whole
  const named = (texts: unknown): string[] =>
    (texts as string[]).map((text) => (/\p{Lu}/u.test(text) ? properOnly(text) : text));
  add('person', named(doc.people().out('array')));
  add('place', named(doc.places().out('array')));
  add('organization', named(doc.organizations().out('array')));
  // a number may end a name: "Rema 1000", "Agent 47"
  add('proper', named(doc.match('#ProperNoun+ #NumericValue?').out('array')));
  add('date', lang === 'en' ? chrono.parse(clause).map((result) => result.text) : (clause.match(DANISH_DATE) ?? []));

  return spans;
}

const KINDS_FOR_SLOT: Partial<Record<SlotName, readonly ValueSpanKind[]>> = {
  name: ['person', 'proper'],
  nickname: ['person', 'proper'],
  location: ['place', 'proper'],
  employer: ['organization', 'proper'],
  birthday: ['date'],
  email: ['email'],
};

/**
 * The span that most likely holds the slot's value: the first kind that fits the slot, and of several spans of
 * that kind the last ("left Accenture and now works at Bain": Bain). Null when no span fits.
 */
export function valueForSlot(slot: SlotName, spans: readonly ValueSpan[]): string | null {
  for (const kind of KINDS_FOR_SLOT[slot] ?? []) {
    const found = spans.filter((span) => span.kind === kind);
    if (found.length > 0) {
      return found[found.length - 1]?.text ?? null;
    }
  }

  return null;
}

/**
 * The value of `slot` in a clause the classifier read as speaking of it: the slot's shape (the last capitalised
 * name, an age, an address), else a span compromise or chrono-node found, else a value said in lower case after its
 * cue ("moved to linz"). Null when the clause holds none.
 */
export function slotValue(clause: string, slot: SlotName, lang: IntentLanguage): string | null {
  return (
    personaFacts(clause).find((fact) => fact.slot === slot)?.value ??
    valueShape(clause, slot) ??
    spanValue(clause, slot, lang) ??
    cuedValue(clause, slot, lang) ??
    (slot === 'occupation' ? saidJob(clause) : null)
  );
}

/** "i'm a court reporter": the words after "I'm a", to the clause's end, when the classifier named the occupation. */
const I_AM_A =
  /^(?:(?:so|and|but|well|ok|okay)[,]?\s+)?(?:i'm|i am|im)\s+(?:now\s+|still\s+|currently\s+)?an?\s+((?:[\p{L}-]+\s){0,2}[\p{L}-]+)(?=\s*(?:$|[.,!;]|\s(?:by trade|by profession|now|full[- ]time|part[- ]time)\b))/iu;
/** Words no job is made of: "i'm a big fan", "i'm a tea person". */
const NOT_JOB_WORDS = new Set('fan bit lot big huge little person kind sort mess wreck fool morning night'.split(' '));

function saidJob(clause: string): string | null {
  const job = I_AM_A.exec(clause)?.[1];
  const words = job?.toLowerCase().split(/\s+/u) ?? [];

  return job === undefined || words.some((word) => NOT_JOB_WORDS.has(word) || NOT_A_JOB.has(word)) ? null : job;
}

/**
 * A persona line's age, job and home: "a 52-year-old stonemason from Aarau", "en 45-årig dyrlæge fra Grenaa"; else
 * what a persona list names ("i'm emeka, 28, arborist in asheville", persona-list.ts).
 */
const PERSONA = [
  /\b(\d{1,3})[- ](?:years?|yrs?)[- ]old ((?:[\p{Ll}-]+ ){0,2}?[\p{Ll}-]+) (?:from|in|living in|based in) (\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)?)/u,
  // "The user is a 34-year-old dental hygienist.": no home
  /\b(?:is|am|i'm|im) an? (\d{1,3})[- ](?:years?|yrs?)[- ]old ((?:[\p{Ll}-]+ ){0,2}?[\p{Ll}-]+)(?=\s*(?:$|[.,!;]))()/iu,
  /\b(\d{1,3})-årig ((?:[\p{Ll}-]+ ){0,2}?[\p{Ll}-]+) (?:fra|i|bosat i) (\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)?)/u,
];

export function personaFacts(clause: string): { slot: SlotName; value: string }[] {
  const found = PERSONA.map((pattern) => pattern.exec(clause)).find((match) => match !== null);
  if (!found) {
    return personaList(clause);
  }
  const [, age = '', job = '', place = ''] = found;

  return [
    { slot: 'age' as const, value: age },
    { slot: 'occupation' as const, value: job },
    { slot: 'location' as const, value: place },
  ].filter((fact) => fact.value !== '');
}

/** A span's value for a slot that spans can hold (names, places, organisations, dates, addresses); else null. */
export function spanValue(clause: string, slot: SlotName, lang: IntentLanguage): string | null {
  return KINDS_FOR_SLOT[slot] === undefined ? null : valueForSlot(slot, extractValueSpans(clause, lang));
}
