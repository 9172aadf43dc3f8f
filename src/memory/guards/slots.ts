import { trimChars, trimEndChars } from 'src/common/trim-chars';
import { looksLikeQuestion } from 'src/memory/guards/firewall';

export type SlotName =
  | 'name'
  | 'nickname'
  | 'age'
  | 'location'
  | 'timezone'
  | 'employer'
  | 'occupation'
  | 'email'
  | 'birthday'
  | 'pronouns'
  | 'language';

export const SLOT_NAMES: readonly SlotName[] = [
  'name',
  'nickname',
  'age',
  'location',
  'timezone',
  'employer',
  'occupation',
  'email',
  'birthday',
  'pronouns',
  'language',
];

export interface DetectedSlot {
  slot: SlotName;
  value: string;
}

interface SlotRule {
  slot: SlotName;
  /** Lowercase pattern run on the lowercased text; group 1 is the value, cut from the original text. */
  pattern: string;
  accept?: (value: string) => boolean;
  /** The value as stored, when the words differ from it ("thirty-two" -> "32"). */
  value?: (words: string) => string;
}

/**
 * What may stand before "I" or "my" at a clause start: punctuation, a conjunction, a greeting, a discourse marker
 * ("actually", "sorry", "no wait") or a time adverb ("now", "these days"). One word (or fixed phrase) only, never
 * repeated, so "Bob said I ..." and "my sister's name" never count and the expression stays linear.
 */
const CLAUSE_START = String.raw`(?:^|[.!;,:—–]\s*|\s-\s+|\b(?:since|as of|starting) [\p{L}\p{N}]+(?: [\p{L}\p{N}]+)?,?\s+|\b(?:and|but|so|now|also|actually|btw|hi|hello|hey|well|sorry|wait|no|oh|ok|okay|yes|yeah|correction|update|fyi|anyway|honestly|nowadays|currently|today|then|these days|at the moment|right now|as of now|since then)\s+)`;
const I = String.raw`${CLAUSE_START}i`;
const WE = String.raw`${CLAUSE_START}we`;
// "my new e-mail", "my current employer": the same slot as "my e-mail", "my employer"
const MY = String.raw`${CLAUSE_START}my(?: (?:new|current|updated|actual|present))?`;
const NOW = String.raw`(?:now |currently |still |actually |really |finally |just |recently |presently )?`;
// a time adverb after the value: "I'm 26 now", "I live in York these days"
const AFTER = String.raw`(?:\s+(?:now|these days|nowadays|currently|already|today|at the moment|again|actually|really|btw|by the way))?`;
const AM = String.raw`(?:'m| am)`;
// "I work remotely for Acme", "I've been working part-time at Lidl"
const WORK_HOW = String.raw`(?:(?:remotely|full[- ]time|part[- ]time|freelance|there|here|now) )?`;
// "I'm thirty-two": the age in words, read as its number
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const AGE_WORDS = String.raw`((?:${TENS.join('|')})(?:[- ](?:${UNITS.join('|')}))?|${TEENS.join('|')})`;
const WORDS = String.raw`([\p{L}\p{N}][\p{L}\p{N}'.&-]*(?:(?:,\s*|\s+)[\p{L}\p{N}][\p{L}\p{N}'.&-]*){0,3})`;
const EMAIL = String.raw`([\w.+-]+@[\w-]+(?:\.[\w-]+)+)`;
const TIMEZONE =
  String.raw`((?:utc|gmt)\s*[+\-−]\s*\d{1,2}(?::?\d\d)?|\b(?:utc|gmt|cet|cest|eet|eest|bst|ist|pst|pdt|mst|mdt|cst|cdt|` +
  String.raw`est|edt|akst|hst|jst|kst|aest|aedt|acst|awst|nzst|nzdt|sgt|hkt|msk|brt)\b|` +
  String.raw`(?:eastern|central|pacific|mountain)(?= time)|` +
  String.raw`(?:africa|america|asia|atlantic|australia|europe|indian|pacific)/[a-z_]+(?:/[a-z_]+)?)`;
// "I'm a(n) <occupation>": only these words make "I'm a ..." a job ("I'm a big fan" is not one)
const OCCUPATIONS = (
  'engineer developer programmer designer teacher professor lecturer nurse doctor physician surgeon dentist ' +
  'lawyer attorney accountant architect scientist researcher analyst consultant manager director founder ceo ' +
  'cto cfo student chef cook baker writer author journalist editor artist musician photographer pilot ' +
  'firefighter electrician plumber carpenter mechanic technician pharmacist therapist psychologist ' +
  'veterinarian farmer librarian salesperson marketer recruiter administrator intern freelancer entrepreneur ' +
  'paramedic translator economist mathematician physicist chemist biologist tutor counselor counsellor barista ' +
  'bartender waiter waitress cashier clerk receptionist secretary assistant janitor cleaner nanny caregiver ' +
  'carer midwife vet optometrist optician dietitian nutritionist physiotherapist physio radiologist ' +
  'radiographer hygienist dental_hygienist anesthesiologist anaesthetist paralegal judge solicitor barrister notary officer detective ' +
  'soldier sailor fisherman miner welder builder roofer painter decorator tailor hairdresser barber stylist ' +
  'beautician butcher courier driver postman teller banker broker trader actuary auditor bookkeeper coach ' +
  'trainer instructor dancer actor actress singer composer producer animator illustrator sculptor potter ' +
  'jeweler jeweller curator archivist historian linguist geologist astronomer statistician gardener landscaper ' +
  'florist beekeeper rancher priest pastor vicar rabbi imam monk nun zookeeper surveyor coordinator specialist ' +
  'strategist inspector dispatcher machinist sysadmin copywriter blogger podcaster streamer influencer ' +
  'principal headteacher postdoc phd_student neurologist cardiologist dermatologist pediatrician paediatrician ' +
  'psychiatrist oncologist pathologist chiropractor osteopath acupuncturist masseuse massage_therapist ' +
  'social_worker care_worker youth_worker civil_servant diplomat politician lobbyist estate_agent realtor ' +
  'underwriter logistician lifeguard ranger forester joiner plasterer locksmith upholsterer cobbler ' +
  'chocolatier sommelier brewer winemaker vintner caterer housekeeper concierge flight_attendant steward ' +
  'stewardess air_traffic_controller navigator'
)
  .split(' ')
  .map((word) => word.replace(/_/gu, ' '))
  .join('|');
const LANGUAGES =
  'english|spanish|french|german|italian|portuguese|dutch|swedish|norwegian|danish|finnish|polish|czech|greek|' +
  'turkish|russian|ukrainian|arabic|hebrew|hindi|bengali|urdu|punjabi|tamil|chinese|mandarin|cantonese|japanese|' +
  'korean|vietnamese|thai|indonesian|malay|tagalog|swahili|persian|farsi|romanian|hungarian|catalan';

// Words that follow "live in", "work at", "my name is" ... without naming anything.
const NOT_A_VALUE = new Set(
  (
    'a an the my our his her their this that some here there home house town peace fear hope it least all times ' +
    'night nights weekends weekend once twice moment bed same myself not to no going also still really just'
  ).split(' '),
);
const NOT_A_NICKNAME = new Set(
  'monday tuesday wednesday thursday friday saturday sunday tomorrow today tonight later maybe back sometime'.split(
    ' ',
  ),
);
const CLAUSE_WORDS =
  'and|but|with|for|since|because|as|from|until|till|now|last|next|this|these|in|on|at|by|so|which|who|where|when|' +
  'though|too|again|anymore|already|yet|right|btw|lol|haha|full|part|over|during|after|before|around|earlier|' +
  'recently|ago|yesterday|today|tomorrow|tonight|soon|not';
const CLAUSE_END = new RegExp(String.raw`\s+(?:${CLAUSE_WORDS})\b.*$`, 'iu');

/** Capitalised words that follow "I'm" without being a name: nationalities, faiths, states. */
const NOT_A_NAME = new Set(
  (
    'american canadian mexican brazilian argentinian chilean colombian peruvian british english scottish welsh irish ' +
    'french german dutch belgian swiss austrian italian spanish portuguese danish swedish norwegian finnish icelandic ' +
    'polish czech slovak hungarian romanian bulgarian greek turkish russian ukrainian serbian croatian bosnian ' +
    'slovenian estonian latvian lithuanian chinese japanese korean vietnamese thai indian pakistani bangladeshi ' +
    'nepali filipino indonesian malaysian singaporean australian kiwi african nigerian kenyan ethiopian egyptian ' +
    'moroccan israeli iranian iraqi syrian lebanese jordanian saudi emirati european asian latino latina hispanic ' +
    'jewish muslim christian catholic protestant orthodox buddhist hindu sikh atheist agnostic mormon quaker ' +
    'vegan vegetarian gay lesbian bi bisexual trans queer straight single married divorced engaged retired ' +
    'ok okay fine good great well sorry back home here there done ready in out sure new old tired busy free ' +
    'not also just still so very really the a an afraid aware glad happy sad late early away off on'
  ).split(' '),
);

/** Words with a job's ending that name a creed, a hobby or a trait: "I'm a realist" is no occupation. */
const NOT_A_JOB = new Set(
  (
    'realist optimist pessimist perfectionist minimalist idealist feminist activist cyclist tourist purist ' +
    'socialist communist capitalist nationalist atheist theist hedonist narcissist extremist loyalist pacifist ' +
    'humanist environmentalist traditionalist romantic introvert extrovert cashier soldier volunteer pioneer ' +
    'mountaineer careerist moralist rationalist existentialist stoicist fatalist separatist unionist globalist ' +
    'populist centrist leftist rightist conformist nonconformist individualist collectivist denier premier ' +
    'frontier courier dossier barrier carrier glacier'
  )
    .split(' ')
    .filter((word) => !['cashier', 'soldier', 'courier'].includes(word)),
);

function named(value: string): boolean {
  const [first = '', second = ''] = value.split(/\s+/u);

  return first.toLowerCase() === 'the' ? /^\p{Lu}/u.test(second) : !NOT_A_VALUE.has(first.toLowerCase());
}

function properName(value: string): boolean {
  return /^\p{Lu}/u.test(value) && !NOT_A_NICKNAME.has(value.toLowerCase());
}

function ageInDigits(words: string): string {
  if (/^\d+$/u.test(words)) {
    return words;
  }
  const [tens = '', unit = ''] = words.toLowerCase().split(/[- ]/u);
  const teen = TEENS.indexOf(tens);

  return String(teen >= 0 ? 13 + teen : (TENS.indexOf(tens) + 2) * 10 + UNITS.indexOf(unit) + 1);
}

function plausibleAge(value: string): boolean {
  const age = Number(value);

  return age > 0 && age <= 130;
}

const RULES: SlotRule[] = [
  { slot: 'pronouns', pattern: String.raw`${MY} pronouns (?:are|is) ([a-z]+(?:\s*/\s*[a-z]+){1,2})` },
  { slot: 'pronouns', pattern: String.raw`${I} (?:use|go by) ([a-z]+(?:\s*/\s*[a-z]+){1,2})(?: pronouns)?` },
  {
    slot: 'email',
    pattern: String.raw`${MY} (?:e-?mail|e-?mail address)(?: is| has changed to| changed to|:)(?: now)? ${EMAIL}`,
  },
  {
    slot: 'email',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:changed|updated|switched|moved) my (?:e-?mail|e-?mail address) to ${EMAIL}`,
  },
  // "typo in my email: it's lena@x.org", "Use raj@x.org instead"
  { slot: 'email', pattern: String.raw`\b(?:typo|wrong|mistake|misspelled|misspelt)\b[^@]{0,40}?(?<![\w.+-])${EMAIL}` },
  { slot: 'email', pattern: String.raw`(?:^|[.!;]\s*)(?:please )?use ${EMAIL} instead` },
  // "use anna@x.org from now on, that's my email": the address first, then what it is
  {
    slot: 'email',
    pattern: String.raw`(?<![\w.+-])${EMAIL}(?: from now on| going forward| instead)?,? (?:that's|that is|it's|this is|which is) my (?:new |current |updated )?(?:e-?mail|e-?mail address)`,
  },
  { slot: 'email', pattern: String.raw`(?:^|\b)(?:reach|contact|email|e-mail|mail) me (?:at|on) ${EMAIL}` },
  { slot: 'name', pattern: String.raw`${MY} (?:full |first |real |legal )?name(?: is|'s) ${WORDS}`, accept: named },
  { slot: 'name', pattern: String.raw`${I}${AM} (?:called|named) ${WORDS}`, accept: named },
  { slot: 'name', pattern: String.raw`(?:^|[.!;]\s*)name's ${WORDS}`, accept: properName },
  {
    slot: 'name',
    pattern: String.raw`^(?:hi|hello|hey)[,!]?(?: there| all| everyone)?[,!]? i${AM} (\p{L}[\p{L}'-]+)`,
    accept: properName,
  },
  {
    slot: 'name',
    pattern: String.raw`${I}'m (\p{L}[\p{L}'-]+)(?=\s*(?:$|[.!,]))`,
    accept: (value) => properName(value) && !NOT_A_NAME.has(value.toLowerCase()),
  },
  {
    slot: 'nickname',
    pattern: String.raw`(?:^|[.!;,]\s*|\b(?:just|please|rather you|like you to|want you to|prefer you|prefer that you|my friends|friends|everyone|everybody|people|most people)\s+)call me ${WORDS}`,
    accept: properName,
  },
  { slot: 'nickname', pattern: String.raw`${I} go by ${WORDS}`, accept: properName },
  { slot: 'nickname', pattern: String.raw`${MY} nickname is ${WORDS}`, accept: named },
  {
    slot: 'age',
    pattern: String.raw`${I}${AM} (?:now |currently |only |almost |actually )?(\d{1,3})(?:\s*(?:years?|yrs?) old|\s*y/?o|\s*years of age|(?=${AFTER}\s*(?:$|[.,!;])))`,
    accept: plausibleAge,
  },
  {
    slot: 'age',
    pattern: String.raw`${I} (?:just |recently )?turned (\d{1,3})(?: years old)?(?=\s*(?:$|[.,!;]|(?:today|yesterday|last|this|on)\b))`,
    accept: plausibleAge,
  },
  {
    slot: 'age',
    pattern: String.raw`${I}(?:${AM}| just turned| turned) (?:now |only |almost |actually )?${AGE_WORDS}(?:\s*years old)?(?=${AFTER}\s*(?:$|[.,!;]))`,
    value: ageInDigits,
  },
  {
    slot: 'age',
    pattern: String.raw`(?:^|[.!;]\s*)(?:just |recently )?turned (\d{1,3}|${AGE_WORDS})(?: years old)?(?=\s*(?:$|[.,!;]|(?:today|yesterday|last|this|on)\b))`,
    value: ageInDigits,
    accept: (value) => plausibleAge(ageInDigits(value)),
  },
  { slot: 'age', pattern: String.raw`${MY} age is (\d{1,3})\b`, accept: plausibleAge },
  { slot: 'timezone', pattern: String.raw`${MY} time ?zone is ${TIMEZONE}` },
  {
    slot: 'timezone',
    pattern: String.raw`${I}${AM} (?:in|on) (?:the )?${TIMEZONE}(?: time ?zone| time)?(?=$|[\s.,!;])`,
  },
  {
    slot: 'birthday',
    pattern: String.raw`${MY} (?:birthday|bday|birth date|date of birth|dob)(?: is|'s) (?:actually |really |now )?(?:on )?([\p{L}\p{N}][\p{L}\p{N} ,/.-]*)`,
  },
  {
    slot: 'birthday',
    pattern: String.raw`${I} was born (?:on|in) ((?:\d{1,2}(?:st|nd|rd|th)? )?(?:\p{L}+ )?(?:\d{1,2}(?:st|nd|rd|th)?,? )?\d{4})\b`,
  },
  {
    slot: 'location',
    pattern: String.raw`${I}(?: ${NOW}(?:live|reside)|(?:${AM}|'ve been| have been) ${NOW}(?:living|based|located|residing)) in ${WORDS}`,
    accept: named,
  },
  {
    slot: 'location',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:moved|relocated) (?:back )?(?:from [^.!?;,]{1,40}? )?to ${WORDS}`,
    accept: named,
  },
  {
    slot: 'location',
    pattern: String.raw`${I}${AM} (?:now |currently )in ${WORDS}`,
    accept: named,
  },
  { slot: 'location', pattern: String.raw`${I}${AM} in ${WORDS}(?= (?:now|these days|nowadays)\b)`, accept: named },
  // the household speaks for the user: "we live in Leeds", "we relocated to Boulder"
  {
    slot: 'location',
    pattern: String.raw`${WE}(?: ${NOW}(?:live|reside)|(?:'re| are|'ve been| have been) ${NOW}(?:living|based|located)) in ${WORDS}`,
    accept: named,
  },
  {
    slot: 'location',
    pattern: String.raw`${WE}(?:'ve| have)? ${NOW}(?:moved|relocated) (?:back )?(?:from [^.!?;,]{1,40}? )?to ${WORDS}`,
    accept: named,
  },
  {
    slot: 'location',
    pattern: String.raw`${MY} (?:home ?town|city|location|current location) is (?:now )?${WORDS}`,
    accept: named,
  },
  { slot: 'employer', pattern: String.raw`${I} ${NOW}work ${WORK_HOW}(?:at|for) ${WORDS}`, accept: named },
  {
    slot: 'employer',
    pattern: String.raw`${I}(?:${AM}|'ve been| have been) ${NOW}(?:employed|working) ${WORK_HOW}(?:at|by|for|with) ${WORDS}`,
    accept: named,
  },
  // new-value forms: "I recently joined Cyberdyne", "I've started at Lego", "I started working for Maersk"
  {
    slot: 'employer',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:joined|started (?:a new job |working |a job )?(?:at|for|with)|got a (?:new )?job (?:at|with)) ${WORDS}`,
    accept: properName,
  },
  {
    slot: 'employer',
    pattern: String.raw`${I} (?:switched|changed) jobs? (?:and (?:now )?(?:works?|am working) (?:at|for)|to) ${WORDS}`,
    accept: properName,
  },
  { slot: 'employer', pattern: String.raw`${MY} (?:employer|company) is ${WORDS}`, accept: named },
  {
    slot: 'occupation',
    pattern: String.raw`${MY} (?:job|job title|title|occupation|profession|role) is (?:an? )?${WORDS}`,
    accept: named,
  },
  {
    slot: 'occupation',
    pattern: String.raw`${I} ${NOW}(?:work|retrained|trained|requalified|qualified) as (?:an? )?${WORDS}`,
    accept: named,
  },
  {
    slot: 'occupation',
    pattern: String.raw`${I}${AM} ${NOW}(?:working as )?(?:an? )((?:[\p{L}-]+ ){0,2}(?:${OCCUPATIONS}))\b`,
  },
  {
    slot: 'occupation',
    pattern: String.raw`${I}${AM} ${NOW}an? (\p{L}+(?:ist|ician|ologist|grapher|ier|eer|smith|wright|maker|monger|keeper))(?=\s*(?:$|[.,!;]|(?:now|by trade|by profession|full[- ]time|part[- ]time)\b))`,
    accept: (value) => !NOT_A_JOB.has(value.toLowerCase()),
  },
  {
    slot: 'occupation',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:become|became) (?:an? )((?:[\p{L}-]+ ){0,2}(?:${OCCUPATIONS}))\b`,
  },
  {
    slot: 'language',
    pattern: String.raw`${MY} (?:native|first|preferred|primary|main|mother) (?:language|tongue) is (${LANGUAGES})\b`,
  },
  { slot: 'language', pattern: String.raw`${I}${AM} a native (${LANGUAGES}) speaker` },
  {
    slot: 'language',
    pattern: String.raw`(?:^|[.!;,:]\s*)(${LANGUAGES}) is my (?:native|first|preferred|primary|main|mother) (?:language|tongue)`,
  },
  {
    slot: 'language',
    pattern: String.raw`(?:reply|respond|answer|talk to me|write to me) (?:to me )?(?:only )?in (${LANGUAGES})\b`,
  },
];

const COMPILED = RULES.map((rule) => ({ ...rule, regex: new RegExp(rule.pattern, 'du') }));

// Lowercases without changing any offset, so a match on the lowercased text can be cut from the original.
export function lowerInPlace(text: string): string {
  return text.replace(/./gsu, (char) => {
    const lower = char.toLowerCase();

    return lower.length === char.length ? lower : char;
  });
}

/** The first self-describing slot statement in `content`, or null. Third parties and questions never count. */
export function detectSlot(content: string): DetectedSlot | null {
  if (looksLikeQuestion(content)) {
    return null;
  }
  const text = content.slice(0, MAX_SLOT_TEXT).normalize('NFKC').replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
  const lower = lowerInPlace(text);
  for (const rule of COMPILED) {
    const span = rule.regex.exec(lower)?.indices?.[1];
    const value = span && trimEndChars(text.slice(span[0], span[1]).replace(CLAUSE_END, ''), VALUE_TRAIL);
    if (value && (rule.accept?.(value) ?? true)) {
      return { slot: rule.slot, value: rule.value?.(value) ?? value };
    }
  }

  return null;
}

/** Canonical, comparable form of a slot value: "  Berlin. " and "berlin" are the same value. */
const VALUE_QUOTE = /^["'`“”‘’]$/u;
const VALUE_END = /^["'`“”‘’.,;:!?]$/u;
const VALUE_TRAIL = /^[\s.,;:!?'"]$/u;
/**
 * A slot statement is short: only the first 1,000 characters of a text are read for one, so the unanchored rules
 * cost at most a bounded amount per text (linear time, issue 17 item 1).
 */
export const MAX_SLOT_TEXT = 1000;

export function normalizeSlotValue(value: string, slot?: string): string {
  const folded = value.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  const text = trimEndChars(trimChars(folded, VALUE_QUOTE), VALUE_END).trim();
  switch (slot) {
    case 'age':
      return text.match(/\d+/u)?.[0] ?? text;
    case 'pronouns':
    case 'timezone':
      return text.replace(/\s+/gu, '').replace('−', '-');
    default:
      return text;
  }
}

/**
 * The normalised value `content` gives for `slot`: what a self-description ("My name is John") or a claim about the
 * user ("User's name is John", "The user lives in Oslo") names, else the whole content (a bare value, "John").
 */
export function slotValueIn(content: string, slot: string): string {
  const stated = [detectSlot(content), detectUserClaim(content)].find((found) => found?.slot === slot);

  return normalizeSlotValue(stated?.value ?? content);
}

/** Whether `content` mentions `value` as a whole word (or phrase), ignoring case. */
export function containsValue(content: string, value: string): boolean {
  const words = value.normalize('NFKC').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) {
    return false;
  }
  const phrase = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join(String.raw`\s+`);

  return new RegExp(String.raw`(?<![\p{L}\p{N}])${phrase}(?![\p{L}\p{N}])`, 'iu').test(content.normalize('NFKC'));
}

const LABELS =
  'name|full name|first name|nickname|location|city|home town|hometown|employer|company|job|job title|occupation|profession|age|e-?mail|email address|time ?zone|pronouns';
const LABEL_NOTE = new RegExp(
  String.raw`^\s*(?:(?:the )?(?:user|human|owner)(?:'s)?\s+)?(${LABELS})\s*(?::|=|-|–|—)\s*`,
  'iu',
);

// Second and third person rewritten to first person, so the self-description rules above also see claims made
// on the user's behalf ("The user lives in X" -> "i live in X"). The case of the value is kept.
const SOMEONE_ELSE_SPEAKS: ReadonlyArray<[RegExp, string]> = [
  // a "label: value" note: "User name: Eve", "The user's location - Lagos", "Employer: Hooli"
  [LABEL_NOTE, 'my $1 is '],
  // a note with its subject dropped: "Lives in Tallinn", "Based in Bruges", "Works as a physiotherapist"
  [/^(?:is )?(based|employed|located|living|working|settled) /iu, 'i am $1 '],
  [
    /^(lives|resides|works|moved|relocated|joined|started|switched|quit|left|sold|stopped|cancelled|used to) /iu,
    'i $1 ',
  ],
  [/^calls ([\p{L}][\p{L} .'-]{0,40}?) home\b/iu, 'i live in $1'],
  [/\b(?:your|(?:the )?(?:user|human|owner)'s)\b/giu, 'my'], // "your name", "the user's name"
  [/\b(?:you are|you're|(?:the )?(?:user|human|owner) is)\b/giu, 'i am'],
  [/\b(?:you were|(?:the )?(?:user|human|owner) was)\b/giu, 'i was'],
  [/\b(?:you|(?:the )?(?:user|human|owner))\b(?= \w)/giu, 'i'], // "you live in", "the user lives in"
  // "i now works at" -> "i now work at"; "i is employed" never happens: "is" went above
  [
    /\bi ((?:now |currently |still |also |just |recently |actually |no longer |never |finally |already )?)(live|reside|work|use|go|retrain|relocate)(?:e?s)\b/giu,
    'i $1$2',
  ],
  [/\bi doesn't\b/giu, "i don't"],
  [/\bi hasn't\b/giu, "i haven't"],
  [/\bi does\b/giu, 'i do'],
  [/\bi has\b/giu, 'i have'],
];

/**
 * A slot statement about the user in anyone's words: "My name is X", "Your name is X", "The user lives in X".
 * Only for contamination checks on content the user did not write; it never sets a slot.
 */
export function detectUserClaim(content: string): DetectedSlot | null {
  const direct = detectSlot(content);
  if (direct) {
    return direct;
  }

  return detectSlot(asFirstPerson(content.slice(0, MAX_SLOT_TEXT)));
}

/** Second and third person about the user rewritten to the first person: "The user lives in X" -> "i live in X". */
export function asFirstPerson(content: string): string {
  let text = content.normalize('NFKC').replace(/[’‘]/gu, "'");
  for (const [pattern, replacement] of SOMEONE_ELSE_SPEAKS) {
    text = text.replace(pattern, replacement);
  }

  return text;
}
