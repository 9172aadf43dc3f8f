/**
 * Verbs that may start a clause whose subject was dropped after an "and" or a comma ("I'm 29, live in Ghent and work
 * for Barco"): the clause stage gives them their language's "I" back. Lower case; one word or a fixed phrase.
 */
export const SUBJECTLESS_VERBS: readonly { language: 'en' | 'da'; subject: string; verbs: readonly string[] }[] = [
  {
    language: 'en',
    subject: 'I',
    verbs: [
      'live',
      'work',
      'moved',
      'just moved',
      'recently moved',
      'relocated',
      'go by',
      'teach',
      'joined',
      'just joined',
      'started at',
      'now live',
      'now work',
    ],
  },
  {
    language: 'da',
    subject: 'jeg',
    verbs: ['bor', 'arbejder', 'hedder', 'er flyttet', 'flyttede', 'er ansat', 'er startet', 'er begyndt'],
  },
];

/** Words that join a rule to the clause that gives its reason: "I'm vegan, so never suggest fish". */
export const RULE_JOINS: readonly string[] = ['so', 'and', 'but', 'which is why', 'therefore', 'så', 'og', 'men'];

/** Roles said with "at" that name no employer: "I'm a student at Utrecht University" studies there. */
export const NOT_EMPLOYED_AT: ReadonlySet<string> = new Set(
  'student pupil phd student volunteer patient member customer regular fan guest studerende elev frivillig'.split(' '),
);

/**
 * Danish verbs a chat sentence starts with when its "jeg" was dropped ("Bor stadig i Thisted", "Er ikke vegetar
 * mere", "Har fået nyt job hos Lego"), and the words put before them; not before a pronoun ("Bor du i Aarhus?").
 */
export const DA_DROPPED_SUBJECT: ReadonlyMap<string, string> = new Map([
  ...'bor arbejder hedder er har flyttede fyldte startede stoppede blev bestod holdt'
    .split(' ')
    .map((verb): [string, string] => [verb, 'Jeg']),
  ['flyttet', 'Jeg er'],
]);
/**
 * English chat fragments that start with their verb, the "I" dropped ("live in aberdeen", "work at fennimore bakery",
 * "based in innsbruck"): the two first words, and what is put before them. Only these pairs: "Live in the moment" is
 * read as "I live in the moment", which holds no place.
 */
export const EN_DROPPED_SUBJECT: ReadonlyMap<string, string> = new Map([
  ...['live in', 'work at', 'work for', 'work as', 'still live', 'still work', 'currently live', 'currently work'].map(
    (lead): [string, string] => [lead, 'I'],
  ),
  ...['based in', 'living in', 'working at', 'working as', 'working for', 'originally from'].map(
    (lead): [string, string] => [lead, "I'm"],
  ),
]);
export const DA_PRONOUNS: ReadonlySet<string> = new Set(
  'du i han hun de vi det der den man jeg dette disse dig'.split(' '),
);
