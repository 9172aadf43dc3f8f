import { NOT_EMPLOYED_AT, RULE_JOINS, SUBJECTLESS_VERBS } from 'src/language/clause-words';
import { detectSlot } from 'src/language/slots';

/**
 * Stage 2 of the write path: one statement per clause. A message is cut into sentences, a sentence into clauses
 * ("I'm Anders and I live in Aarhus"), a clause whose subject was dropped gets it back ("... and work for Barco"), a
 * job said with its employer is two statements ("I'm a UX designer at Miro"), and a rule inside a longer sentence is
 * found as its own clause ("I'm vegan, so never suggest fish").
 */

const MAX_SENTENCES = 50;
/**
 * What extraction looks at, so no pattern can cost more than linear time in the message: the first 20,000
 * characters, and sentences of at most 600 characters after whitespace runs are folded to one space (a
 * self-description or a "remember that ..." is far shorter; a longer run of text is skipped, not cut).
 */
export const MAX_EXTRACTION_INPUT = 20_000;
export const MAX_SENTENCE_CHARS = 600;
/** A job and its employer in one clause is read only in a short clause. */
const MAX_JOB_CLAUSE = 200;

/**
 * Sentences: split after . ! ? and at line breaks; a decimal point or an ellipsis inside a sentence stays, and so
 * does a date's "14. maj".
 */
export function sentences(text: string): string[] {
  return (
    text
      .slice(0, MAX_EXTRACTION_INPUT)
      // "den 14. maj": after a day's number a lower-case word goes on the sentence
      .split(/(?<=[.!?])(?<!(?<!\p{N})\p{N}{1,2}\.)\s+(?=\S)|(?<=(?<!\p{N})\p{N}{1,2}\.)\s+(?=[^\p{Ll}\s])|\n+/u)
      .map((s) => s.replace(/\s+/gu, ' ').trim())
      .filter((s) => s.length > 0 && s.length <= MAX_SENTENCE_CHARS)
      .slice(0, MAX_SENTENCES)
  );
}

const GREETING = /^(?:hi|hello|hey|hej|hejsa|hallo|goddag)(?: there| all| everyone| alle)?[,!.]?$/iu;
const VERB_STARTS = SUBJECTLESS_VERBS.flatMap(({ subject, verbs }) => verbs.map((verb) => ({ subject, verb })));
const SUBJECTLESS = VERB_STARTS.map((v) => v.verb).join('|');
const CLAUSE_SPLIT = new RegExp(
  [
    String.raw`\s*;\s*`,
    // "Undskyld, jeg skrev forkert: min fødselsdag er 2. maj"
    String.raw`[,:]\s+(?=(?:and |but |so |og |men |så )?(?:i|i'm|my|jeg|mit|min)(?![\p{L}\p{N}']))`,
    String.raw`,\s+(?=(?:så )?(?:nu|faktisk|nemlig) (?:er|bor|arbejder|hedder) jeg\b)`,
    String.raw`\s+(?=(?:and|but|og|men)\s+(?:i|i'm|my|jeg|mit|min)(?![\p{L}\p{N}']))`,
    // "I'm 29, live in Ghent and work for Barco": the subject was dropped
    String.raw`(?:,\s+(?:and\s+|og\s+|men\s+)?|\s+(?:and|og)\s+)(?=(?:${SUBJECTLESS})(?![\p{L}\p{N}']))`,
  ].join('|'),
  'iu',
);

/** "Name: Solveig Haugland - Location: Tromsø - Job: marine biologist": a record of labelled values, one per clause. */
const LABELLED_SPLIT = /(?:\s[-–—|•]|,)\s(?=\p{Lu}[\p{L} ]{0,20}:\s)/u;

/** A clause that starts with a verb whose subject was dropped, given its subject back. */
function withSubject(clause: string, first: boolean): string {
  if (first) {
    return clause;
  }
  const lower = clause.toLowerCase();
  const start = VERB_STARTS.find(({ verb }) => lower.startsWith(`${verb} `));

  return start ? `${start.subject} ${clause}` : clause;
}

/**
 * "I'm a UX designer at Miro", "I work as a data analyst for Spotify": the job, and the employer as a clause of its
 * own ("I work at Miro"). Null when the clause is no job said with an employer.
 */
function jobAndEmployer(clause: string): [string, string] | null {
  if (clause.length > MAX_JOB_CLAUSE) {
    return null;
  }
  const at = /\s(?:at|for|with|hos|ved)\s(?=\p{Lu})/u.exec(clause);
  if (at === null) {
    return null;
  }
  const job = clause.slice(0, at.index);
  const employer = clause.slice(at.index + at[0].length);
  const danish = /^(?:hos|ved)$/u.test(at[0].trim());
  const said = danish ? `jeg arbejder hos ${employer}` : `I work at ${employer}`;
  const role = detectSlot(job);
  const last = role?.value.toLowerCase().split(' ').pop() ?? '';
  if (role?.slot !== 'occupation' || NOT_EMPLOYED_AT.has(last) || detectSlot(said)?.slot !== 'employer') {
    return null;
  }

  return [job, said];
}

/** "I've joined Ironwood as a safety coordinator": the employer, then the job after "as a". */
const JOINED = /\b(?:joined|started at|start at|starting at|hired by|hired at|signed on at|signed on with) \S/iu;
const AS_JOB = / as (an? (?:[\p{L}-]+ ){0,2}[\p{L}-]+)(?=$|[\s.,!;])/iu;

function employerAndJob(clause: string): [string, string] | null {
  const found = clause.length > MAX_JOB_CLAUSE ? null : AS_JOB.exec(clause);
  const employer = found ? clause.slice(0, found.index) : '';
  if (found === null || !JOINED.test(employer)) {
    return null;
  }
  const job = found[1] ?? '';
  const said = `I work as ${job}`;
  const words = job.toLowerCase().split(/\s+/u);
  if (
    words.some((word) => word === 'of' || NOT_EMPLOYED_AT.has(word)) ||
    detectSlot(employer)?.slot !== 'employer' ||
    detectSlot(said)?.slot !== 'occupation'
  ) {
    return null;
  }

  return [employer, said];
}

const NAME_ALONE = /^\p{Lu}[\p{L}-]*$/u;
const AND_I = /^(?:and|og|&) (?:i|jeg)(?![\p{L}\p{N}'])/iu;

/** "Camilla og jeg er skilt": a name cut off before "and I" is half of a joint subject, not a clause of its own. */
function jointSubject(previous: string, part: string): boolean {
  return NAME_ALONE.test(previous) && AND_I.test(part);
}

/** Clauses: "I'm Anders and I live in Aarhus" is two statements, each starting with its own "I". */
export function clauses(sentence: string): string[] {
  const parts = sentence
    .replace(/\s+/gu, ' ')
    .split(LABELLED_SPLIT)
    .flatMap((record) => record.split(CLAUSE_SPLIT))
    .map((c) => c.trim())
    .filter((c) => c.length > 0)
    .map((c, i) => withSubject(c, i === 0));
  // "Hi, I'm Bo": a greeting belongs to the statement after it
  const merged: string[] = [];
  for (const part of parts) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && (GREETING.test(previous) || jointSubject(previous, part))) {
      merged[merged.length - 1] = `${previous} ${part}`;
    } else {
      merged.push(...(jobAndEmployer(part) ?? employerAndJob(part) ?? [part]));
    }
  }

  return merged;
}

/** A rule word after a joining word with no comma: "I'm vegetarian so never suggest meat". */
const RULE_WORD = String.raw`(?:please\s+|pls\s+)?(?:always|never|don't|do not|dont|altid|aldrig)(?![\p{L}'])`;
const RULE_SPLIT = new RegExp(
  String.raw`\s*[;:]\s+|\s+[—–-]\s+|,\s+(?:(?:${RULE_JOINS.join('|')})\s+)?|\s+(?:${RULE_JOINS.join('|')})\s+(?=${RULE_WORD})`,
  'iu',
);

/**
 * The parts a rule may stand in: the clauses of a sentence cut at commas, semicolons, colons and dashes, with the
 * word that joins a rule to its reason left out ("I'm vegan, so never suggest fish" -> "never suggest fish").
 */
export function ruleParts(sentence: string): string[] {
  return sentence
    .slice(0, MAX_SENTENCE_CHARS)
    .split(RULE_SPLIT)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
