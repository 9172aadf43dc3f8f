/**
 * Second and third person about the user rewritten to the first person, so the self-description rules also see
 * claims made on the user's behalf ("The user lives in X" -> "i live in X", "User mentioned they moved to X"). The
 * case of the value is kept.
 */

const LABELS =
  'name|full name|first name|nickname|location|city|home town|hometown|employer|company|job|job title|occupation|profession|age|e-?mail|email address|time ?zone|pronouns|phone number|phone|mobile number|mobile|cell|telephone|partner|spouse|husband|wife|diet';
const LABEL_NOTE = new RegExp(
  String.raw`^\s*(?:(?:the )?(?:user|human|owner)(?:'s)?\s+)?(${LABELS})(?:\s+(?:changed|updated|now|(?:changed|updated) to))?\s*(?::|=|-|–|—)\s*`,
  'iu',
);

/** A persona line with its subject dropped: "Name is Ottilie Brandvold", "Age is 34" (not "Job is going well"). */
const LABEL_IS = new RegExp(
  String.raw`^\s*(name|full name|first name|nickname|age|e-?mail|email address|pronouns|time ?zone|location|home ?town) is\s+`,
  'iu',
);

/** What an extractor writes the user did with words: "User mentioned ...", "User clarified ...". */
const SAID = String.raw`(?:mentioned|said|says|noted|notes|stated|states|shared|explained|reported|reports|indicated|indicates|confirmed|confirms|revealed|mentions|told me|tells me|added|adds|clarified|clarifies|corrected|corrects|specified|specifies|pointed out|emphasi[sz]ed)`;
const REPORTED = String.raw`^(?:the )?(?:user|human|owner) ${SAID}(?: that)? `;

const SOMEONE_ELSE_SPEAKS: ReadonlyArray<[RegExp, string]> = [
  [LABEL_IS, 'my $1 is '],
  // an extractor's note in reported speech: "User mentioned they moved to X", "The user said she's based in X"
  [new RegExp(String.raw`${REPORTED}(?:they're|they are|he's|he is|she's|she is)\b`, 'iu'), 'i am'],
  [new RegExp(String.raw`${REPORTED}(?:they|he|she)\b`, 'iu'), 'i'],
  // "User clarified their birthday is 6 December, not 12 June"
  [new RegExp(String.raw`${REPORTED}(?:their|his|her)\b`, 'iu'), 'my'],
  // a "label: value" note: "User name: Eve", "The user's location - Lagos", "Employer: Hooli", "Employer changed: Globex"
  [LABEL_NOTE, 'my $1 is '],
  // a note with its subject dropped: "Lives in Tallinn", "Based in Bruges", "Works as a physiotherapist"
  [/^(?:is )?(based|employed|located|living|working|settled) /iu, 'i am $1 '],
  [
    /^(lives|resides|works|moved|relocated|joined|started|switched|quit|left|sold|stopped|cancelled|used to) /iu,
    'i $1 ',
  ],
  [/^calls ([\p{L}][\p{L} .'-]{0,40}?) home\b/iu, 'i live in $1'],
  // "Stop calling the user Bunny": the user is the one called
  [/\b(call|calling|address|addressing|refer to|referring to) (?:the )?(?:user|human|owner)\b/giu, '$1 me'],
  [/\b(?:your|(?:the )?(?:user|human|owner)'s)\b/giu, 'my'], // "your name", "the user's name"
  [/\b(?:you are|you're|(?:the )?(?:user|human|owner) is)\b/giu, 'i am'],
  [/\b(?:you were|(?:the )?(?:user|human|owner) was)\b/giu, 'i was'],
  [/\b(?:you|(?:the )?(?:user|human|owner))\b(?= \w)/giu, 'i'], // "you live in", "the user lives in"
  // "i now works at" -> "i now work at"; "i is employed" never happens: "is" went above
  [
    /\bi ((?:now |currently |still |also |just |recently |actually |no longer |never |finally |already )?)(live|reside|work|use|go|retrain|relocate|prefer)(?:e?s)\b/giu,
    'i $1$2',
  ],
  [
    /^i ([^.!?;]{1,80}?) and (now |currently |also |then )?(lives|works|resides|goes by|prefers)\b/iu,
    'i $1 and i $2$3',
  ],
  [/\band i ((?:now |currently |also |then )?)(live|reside|work|go|prefer)(?:e?s)\b/giu, 'and i $1$2'],
  [/\bi doesn't\b/giu, "i don't"],
  [/\bi hasn't\b/giu, "i haven't"],
  [/\bi does\b/giu, 'i do'],
  [/\bi has\b/giu, 'i have'],
];

/** Who a relation triple is about when it is about the user. */
const TRIPLE_SUBJECTS: ReadonlySet<string> = new Set(['user', 'the user', 'me', 'i', 'human', 'owner']);
/** A triple's relation, its words joined by spaces, as the label of a "label: value" note. */
const TRIPLE_LABELS: Readonly<Record<string, string>> = {
  'lives in': 'location',
  location: 'location',
  city: 'location',
  'based in': 'location',
  'works at': 'employer',
  'works for': 'employer',
  employer: 'employer',
  company: 'employer',
  'works as': 'occupation',
  job: 'occupation',
  'job title': 'occupation',
  occupation: 'occupation',
  profession: 'occupation',
  name: 'name',
  'full name': 'name',
  'first name': 'first name',
  named: 'name',
  nickname: 'nickname',
  called: 'nickname',
  'goes by': 'nickname',
  age: 'age',
  email: 'email',
  'e mail': 'email',
  'email address': 'email',
  timezone: 'time zone',
  'time zone': 'time zone',
  pronouns: 'pronouns',
  birthday: 'birthday',
  'date of birth': 'birthday',
  'preferred language': 'preferred language',
  language: 'preferred language',
  phone: 'phone number',
  'phone number': 'phone number',
  mobile: 'phone number',
  partner: 'partner',
  spouse: 'partner',
  'married to': 'partner',
  diet: 'diet',
};

/** What a triple writes for a value it does not know. */
const NO_VALUE: ReadonlySet<string> = new Set([
  'n/a',
  'na',
  'none',
  'null',
  'unknown',
  '-',
  '?',
  'tbd',
  'not provided',
]);

/** What separates a triple's parts: "user | lives_in | Oslo", "user -> occupation -> court interpreter". */
const TRIPLE_SEPARATOR = /\||->|→|=>/u;

/**
 * A relation triple about the user as a "my label is value" note ("user | lives_in | Oslo" -> "my location is Oslo"),
 * or null when `text` is no such triple.
 */
function fromTriple(text: string): string | null {
  // "(user, works_for, Meridian Rail)": a tuple's parts are cut at its commas
  const tuple = /^\(([^()]{1,200})\)$/u.exec(text.trim())?.[1];
  const parts = tuple === undefined ? text.split(TRIPLE_SEPARATOR) : tuple.split(',');
  if (parts.length !== 3) {
    return null;
  }
  const [subject, relation, value] = parts.map((part) => part.trim());
  const words = (relation ?? '').toLowerCase().split(/[\s_-]+/u);
  const label = TRIPLE_LABELS[words.filter((word, i) => i > 0 || (word !== 'has' && word !== 'is')).join(' ')];
  if (
    !TRIPLE_SUBJECTS.has((subject ?? '').toLowerCase()) ||
    label === undefined ||
    !value ||
    NO_VALUE.has(value.toLowerCase())
  ) {
    return null;
  }

  return `my ${label} is ${value}`;
}

/** Second and third person about the user rewritten to the first person: "The user lives in X" -> "i live in X". */
export function asFirstPerson(content: string): string {
  let text = content.normalize('NFKC').replace(/[’‘]/gu, "'");
  text = fromTriple(text) ?? text;
  for (const [pattern, replacement] of SOMEONE_ELSE_SPEAKS) {
    text = text.replace(pattern, replacement);
  }

  return text;
}
