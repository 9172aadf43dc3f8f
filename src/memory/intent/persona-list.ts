import type { SlotName } from 'src/language/slot-values';

/**
 * A persona line said as a list: "i'm emeka, 28, arborist in asheville", "me: ngozi, 37, midwife, lagos", "jeg er
 * sigrid, 34, tømrer i odense". A bare age among the parts is what makes it one; the part before the age is the name,
 * a part after it the job, and "X in Y" or a last part after the job the home.
 */

const LEAD =
  /^(?:(?:hi|hey|yo|hej|hello)[,!]?\s+)?(?:i'm|i am|im|me:|about me:|name's|jeg er|jeg hedder|mig:)\s+(?=\S)/iu;
const AGE = /^(\d{1,3})(?:\s*(?:y\/o|yo|yrs?|years? old|år(?: gammel)?))?$/iu;
const WORDS = /^[\p{L}'-]+(?: [\p{L}'-]+){0,2}$/u;
const NAME = /^[\p{L}'-]{2,20}(?: [\p{L}'-]{2,20})?$/u;
const JOB_IN_PLACE =
  /^([\p{L}'-]+(?: [\p{L}'-]+){0,2}) (?:in|from|based in|out of|i|fra) ([\p{L}'-]+(?: [\p{L}'-]+)?)$/iu;
const PLACE = /^(?:from|in|living in|based in|bor i|fra) ([\p{L}'-]+(?: [\p{L}'-]+)?)$/iu;
const MAX_PARTS = 5;
const MAX_CHARS = 200;
/** A part that says how the user is, not what they do: "i'm 40, tired, broke". */
const NOT_A_JOB = /^(?:single|married|divorced|happy|broke|fine|ok|okay|good|bored|new here|\p{L}+(?:ed|ing|ly))$/iu;

interface Fact {
  slot: SlotName;
  value: string;
}

function ageOf(part: string): string | null {
  const age = AGE.exec(part)?.[1];

  return age !== undefined && Number(age) >= 5 && Number(age) <= 120 ? age : null;
}

/** What one part after the age says: a job, a job and its place, or a place. */
function afterAge(part: string, facts: Fact[]): void {
  const has = (slot: SlotName): boolean => facts.some((fact) => fact.slot === slot);
  const place = PLACE.exec(part)?.[1];
  const jobInPlace = JOB_IN_PLACE.exec(part);
  if (place !== undefined && !has('location')) {
    facts.push({ slot: 'location', value: place });
  } else if (jobInPlace?.[1] !== undefined && jobInPlace[2] !== undefined && !has('occupation')) {
    facts.push({ slot: 'occupation', value: jobInPlace[1] }, { slot: 'location', value: jobInPlace[2] });
  } else if (WORDS.test(part) && !NOT_A_JOB.test(part) && !has('occupation')) {
    facts.push({ slot: 'occupation', value: part });
  } else if (WORDS.test(part) && has('occupation') && !has('location') && part.split(' ').length <= 2) {
    facts.push({ slot: 'location', value: part });
  }
}

/** The name, age, job and home a persona list names, in that order; none when the clause is no such list. */
export function personaList(clause: string): Fact[] {
  if (clause.length > MAX_CHARS) {
    return [];
  }
  const lead = LEAD.exec(clause);
  const rest = (lead ? clause.slice(lead[0].length) : clause).replace(/[.!\s]+$/u, '');
  const parts = rest.split(/\s*,\s*/u);
  const at = parts.findIndex((part) => ageOf(part) !== null);
  if (parts.length < 2 || parts.length > MAX_PARTS || at < 0 || at > 1 || (at === 0 && lead === null)) {
    return [];
  }
  const facts: Fact[] = [];
  const name = at === 1 ? (parts[0] ?? '') : null;
  if (name !== null && (!NAME.test(name) || lead === null)) {
    return [];
  }
  if (name !== null) {
    facts.push({ slot: 'name', value: name });
  }
  facts.push({ slot: 'age', value: ageOf(parts[at] ?? '') ?? '' });
  parts.slice(at + 1).forEach((part) => afterAge(part, facts));

  return facts;
}
