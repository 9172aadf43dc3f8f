import type { SlotName } from 'src/language/slot-values';

/**
 * A change said as a plan, not as done: "we're moving to Lyon in March", "I'll be joining Globex next month",
 * "vi flytter til Aarhus til sommer". Such a clause holds no slot yet (the user still lives where they live); it is
 * kept as said, a plan. Each cue carries examples that are its tests (plans.spec.ts).
 */

export interface SubjectOrPlanCue {
  /** `<language>.plan.<form>`. */
  id: string;
  pattern: RegExp;
  examples: readonly { text: string; fires: boolean }[];
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const SEASONS = 'spring|summer|autumn|fall|winter|new year';
/** A time still to come: "next month", "in March", "in a few weeks", "this summer", "soon". */
const LATER = String.raw`(?:next (?:week|month|year|${SEASONS}|${DAYS})|in (?:the )?(?:${SEASONS})|in (?:${MONTHS})|in (?:a few|a couple of|two|three|four|six|\d+) (?:days|weeks|months|years)|this (?:coming )?(?:${SEASONS}|${MONTHS})|later this (?:year|month)|soon|shortly|after (?:christmas|easter|the summer)|by (?:${MONTHS}|the end of))`;
/** A time that can only be to come: "next month", "in a few weeks", "soon". */
const NEXT = String.raw`(?:next (?:week|month|year|${SEASONS}|${DAYS})|in (?:a few|a couple of|two|three|four|six|\d+) (?:days|weeks|months|years)|this coming (?:${SEASONS}|${MONTHS}|week|month)|later this (?:year|month)|soon|shortly)`;
/** The verbs of a change of home, job or role. */
const CHANGE =
  'move|moving|relocate|relocating|start|starting|join|joining|live|living|work|working|become|be|head|heading';
const DA_MONTHS = 'januar|februar|marts|april|maj|juni|juli|august|september|oktober|november|december';
const DA_LATER = String.raw`(?:næste (?:uge|måned|år)|i (?:${DA_MONTHS})|til (?:sommer|foråret|efteråret|vinter|nytår|jul)|om (?:et par|nogle|to|tre|\d+) (?:uger|måneder|år)|snart|efter (?:jul|påske|sommerferien))`;

export const PLAN_CUES: readonly SubjectOrPlanCue[] = [
  {
    id: 'en.plan.modal',
    // "I'll be moving", "we're going to relocate", "planning to move", "thinking of moving", "about to start"
    pattern: new RegExp(
      String.raw`(?:\b(?:will|shall|going to|gonna|plan(?:ning)? to|intend(?:ing)? to|hop(?:e|ing) to|want to|would like to|about to|set to|due to|might|may|could)|'ll|\b(?:thinking|dreaming) (?:of|about)|\bconsidering)\s+(?:be\s+|soon\s+|finally\s+)?(?:${CHANGE})\b`,
      'iu',
    ),
    examples: [
      { text: "I'll be moving to Berlin", fires: true },
      { text: "we're planning to move to Porto", fires: true },
      { text: 'thinking of relocating to Leeds', fires: true },
      { text: 'I might join Globex', fires: true },
      { text: 'I moved to Berlin', fires: false },
      { text: 'I will always love Berlin', fires: false },
    ],
  },
  {
    id: 'en.plan.progressive',
    // "we're moving to Lyon in March", "I'm starting at Globex in the spring": a present progressive of a change
    pattern: new RegExp(
      String.raw`(?:\b(?:am|are|is|be)|'m|'re|'s)\s+(?:(?:finally|officially|actually|probably|also|just|soon)\s+)?(?:moving|relocating|heading|starting|joining|turning)\b.{0,80}?\b${LATER}(?![\p{L}])`,
      'iu',
    ),
    examples: [
      { text: "we're moving to Lyon in March", fires: true },
      { text: "I'm starting at Globex next month", fires: true },
      { text: 'we ended up moving to Timisoara in August', fires: false },
      { text: "I'm moving to Lyon", fires: false },
    ],
  },
  {
    id: 'en.plan.next',
    // "Ella turns 7 next week", "relocating to Porto in a few weeks": a change at a time that can only be to come
    pattern: new RegExp(
      String.raw`\b(?:move|moves|moving|relocate|relocates|relocating|start|starts|starting|join|joins|joining|turn|turns|turning)\b.{0,80}?\b${NEXT}(?![\p{L}])`,
      'iu',
    ),
    examples: [
      { text: 'Ella turns 7 next week', fires: true },
      { text: 'relocating to Porto in a few weeks', fires: true },
      { text: 'moved to Lyon in March', fires: false },
      { text: 'ended up moving to Tampere in the spring', fires: false },
    ],
  },
  {
    id: 'en.plan.from',
    // "from next month I'll be in Oslo" is a modal; "as of next year we live in Oslo" is a plan too
    pattern: new RegExp(String.raw`^(?:as of|from|starting|beginning) ${LATER}`, 'iu'),
    examples: [
      { text: 'as of next year we live in Oslo', fires: true },
      { text: 'from next month, home is Oslo', fires: true },
      { text: 'from Monday I work at Nordvik', fires: false },
    ],
  },
  {
    id: 'da.plan.modal',
    pattern:
      /\b(?:skal|vil|planlægger at|overvejer at|håber at|tænker på at)\s+(?:\p{L}+\s+)?(?:flytte|starte|begynde|arbejde|bo)\b/iu,
    examples: [
      { text: 'vi skal flytte til Aarhus', fires: true },
      { text: 'jeg overvejer at flytte til Odense', fires: true },
      { text: 'jeg er flyttet til Aarhus', fires: false },
    ],
  },
  {
    id: 'da.plan.present',
    pattern: new RegExp(String.raw`\b(?:flytter|starter|begynder|fylder)\b.{0,80}?\b${DA_LATER}(?![\p{L}])`, 'iu'),
    examples: [
      { text: 'vi flytter til Aarhus til sommer', fires: true },
      { text: 'jeg starter hos Novo i marts', fires: true },
      { text: 'jeg fylder 40 i maj', fires: true },
      { text: 'vi flyttede til Aarhus i marts', fires: false },
    ],
  },
];

const MAX_PLAN_TEXT = 400;

/** Whether `clause` says a change of home, job or role as a plan, still to come. */
export function isPlannedChange(clause: string): boolean {
  const text = clause.slice(0, MAX_PLAN_TEXT).replace(/[’‘]/gu, "'");

  return PLAN_CUES.some((cue) => cue.pattern.test(text));
}

/** The slots a plan does not yet change: home, age, time zone ("I'll be 30 next week"); a new job is taken as said. */
const PLANNED_SLOTS: ReadonlySet<SlotName> = new Set<SlotName>(['location', 'age', 'timezone']);

/** Whether `text` says a change of `slot` that is still to come, so it holds no slot yet. */
export function plannedSlot(text: string, slot: SlotName | null): boolean {
  return slot !== null && PLANNED_SLOTS.has(slot) && isPlannedChange(text);
}

/** Whose a clause is: one whose subject is a relative, a friend or he / she is someone else's fact, never the user's. */
export const OTHER_SUBJECT_CUES: readonly SubjectOrPlanCue[] = [
  {
    id: 'en.other.relative',
    pattern:
      /^(?:(?:and|but|so|also|oh|btw|plus|it's|it is|today is|tomorrow is)[,]?\s+)*(?:(?:my|our|(?:the )?user's)\s+|user\.)(?:(?:little|big|older|younger|eldest|youngest|oldest|baby|best|new|old|late|twin)\s+)*(?:daughter|son|kid|kids|child|children|boy|girl|wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?|mum|mom|mother|dad|father|parents|brother|sister|sibling|grandma|grandmother|grandpa|grandfather|grandson|granddaughter|aunt|uncle|niece|nephew|cousin|friend|neighbou?r|colleague|coworker|co-worker|boss|manager|roommate|flatmate|in-laws?|mother-in-law|father-in-law|stepson|stepdaughter|stepmum|stepmom|stepdad|sis|bro|bf|gf|hubby|bestie|roomie)(?:'s|s')?(?![\p{L}-])/iu,
    examples: [
      { text: 'My daughter Ella turns 7 next week', fires: true },
      { text: "my little brother's email is tom@x.org", fires: true },
      { text: 'my bf works at google, so jealous', fires: true },
      { text: "The user's son prefers to be called Max.", fires: true },
      { text: 'user.brother | works_at | Airbus', fires: true },
      { text: "The user's email is kim@x.org", fires: false },
      { text: "It's my mother's 70th birthday on Sunday", fires: true },
      { text: 'I live with my mum in Oslo', fires: false },
      { text: 'My name is Ella', fires: false },
    ],
  },
  {
    id: 'en.other.pronoun',
    pattern: /^(?:(?:and|but|so|also|oh|btw|plus)[,]?\s+)*(?:he|she|he's|she's|his|her)(?![\p{L}'/])/iu,
    examples: [
      { text: "she's 7 now", fires: true },
      { text: 'she/they pronouns pls', fires: false },
      { text: 'his birthday is 3 May', fires: true },
      { text: "I'm 7", fires: false },
    ],
  },
  {
    id: 'en.other.fiction',
    pattern:
      /(?<!\bi )\b(?:imagine|pretend|suppose|role-?play(?: as if)?|what if)\s+(?:that\s+)?i(?:'m|\s+am|\s+was|\s+were)\b|\b(?:main character|protagonist|narrator|in (?:the|my) (?:story|novel|book|script|screenplay|game))\b/iu,
    examples: [
      { text: "Imagine I'm a 70-year-old pilot living in Cusco", fires: true },
      { text: 'in my novel the main character, Edvard, is a lighthouse keeper in Tromsø', fires: true },
      { text: 'His email is ed@x.org in the story', fires: true },
      { text: "I'm a novelist in Tromsø", fires: false },
      { text: 'I imagine I am tired', fires: false },
    ],
  },
  {
    id: 'da.other.fiction',
    pattern: /\b(?:lad som om|forestil dig at) jeg\b|\bhovedperson(?:en)?\b/iu,
    examples: [
      { text: 'lad som om jeg er en 70-årig fisker fra Hvide Sande', fires: true },
      { text: 'jeg bor i Hvide Sande', fires: false },
    ],
  },
  {
    id: 'da.other.relative',
    pattern:
      /^(?:(?:og|men|så)\s+)*(?:min|mit|mine|vores)\s+(?:(?:lille|store|ældste|yngste|bedste)\s+)*(?:datter|søn|barn|børn|kone|mand|kæreste|partner|mor|far|forældre|bror|søster|søskende|mormor|farmor|morfar|farfar|moster|faster|onkel|niece|nevø|fætter|kusine|ven|veninde|nabo|kollega|chef)(?:s)?(?![\p{L}])/iu,
    examples: [
      { text: 'min datter Ella fylder 7', fires: true },
      { text: 'jeg bor hos min mor', fires: false },
    ],
  },
];

/**
 * Whether `clause` is about someone else by its subject: "my daughter Ella turns 7"; with `pronouns`, "she's 7 now"
 * too. Only what the user says in chat reads he / she as someone else: a summary another extractor writes of the user
 * says "She is a nurse in Oslo" of the user.
 */
export function aboutSomeoneElse(clause: string, pronouns = false): boolean {
  const text = clause.slice(0, MAX_PLAN_TEXT).replace(/[’‘]/gu, "'");

  return OTHER_SUBJECT_CUES.some((cue) => (pronouns || !cue.id.includes('.pronoun')) && cue.pattern.test(text));
}
