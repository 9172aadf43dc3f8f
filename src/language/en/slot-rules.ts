import {
  AGE_WORDS,
  ageInDigits,
  LANGUAGES,
  named,
  NOT_A_JOB,
  NOT_A_NAME,
  OCCUPATIONS,
  plausibleAge,
  properName,
} from 'src/language/en/slot-words';
import type { SlotCue } from 'src/language/slot-cue';

/**
 * What may stand before "I" or "my" at a clause start: punctuation, a conjunction, a greeting, a discourse marker
 * ("actually", "sorry", "no wait") or a time adverb ("now", "these days"). One word (or fixed phrase) only, never
 * repeated, so "Bob said I ..." and "my sister's name" never count and the expression stays linear.
 */
export const CLAUSE_START = String.raw`(?:^|[.!;,:—–]\s*|\s-\s+|\b(?:since|as of|starting) [\p{L}\p{N}]+(?: [\p{L}\p{N}]+)?,?\s+|\b(?:and|but|so|now|also|actually|btw|hi|hello|hey|well|sorry|wait|no|oh|ok|okay|yes|yeah|correction|update|fyi|anyway|honestly|nowadays|currently|today|then|these days|at the moment|right now|as of now|since then)\s+)`;
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
const WORDS = String.raw`([\p{L}\p{N}][\p{L}\p{N}'.&-]*(?:(?:,\s*|\s+)[\p{L}\p{N}][\p{L}\p{N}'.&-]*){0,3})`;
const EMAIL = String.raw`([\w.+-]+@[\w-]+(?:\.[\w-]+)+)`;
const TIMEZONE =
  String.raw`((?:utc|gmt)\s*[+\-−]\s*\d{1,2}(?::?\d\d)?|\b(?:utc|gmt|cet|cest|eet|eest|bst|ist|pst|pdt|mst|mdt|cst|cdt|` +
  String.raw`est|edt|akst|hst|jst|kst|aest|aedt|acst|awst|nzst|nzdt|sgt|hkt|msk|brt)\b|` +
  String.raw`(?:eastern|central|pacific|mountain)(?= time)|` +
  String.raw`(?:africa|america|asia|atlantic|australia|europe|indian|pacific)/[a-z_]+(?:/[a-z_]+)?)`;
/**
 * English self-descriptions, tried in order on the lower-cased text (see src/language/slots.ts): each names its
 * slot, its pattern (group 1 is the value) and examples the table spec runs.
 */
export const EN_SLOT_CUES: readonly SlotCue[] = [
  {
    id: 'en.slot.pronouns.my',
    slot: 'pronouns',
    pattern: String.raw`${MY} pronouns (?:are|is) ([a-z]+(?:\s*/\s*[a-z]+){1,2})`,
    examples: [
      { text: 'My pronouns are she/her', value: 'she/her' },
      { text: 'Her pronouns are he/him', value: null },
    ],
  },
  {
    id: 'en.slot.pronouns.use',
    slot: 'pronouns',
    pattern: String.raw`${I} (?:use|go by) ([a-z]+(?:\s*/\s*[a-z]+){1,2})(?: pronouns)?`,
    examples: [
      { text: 'I use they/them pronouns', value: 'they/them' },
      { text: 'I use vim', value: null },
    ],
  },
  {
    id: 'en.slot.email.my',
    slot: 'email',
    pattern: String.raw`${MY} (?:e-?mail|e-?mail address)(?: is| has changed to| changed to|:)(?: now)? ${EMAIL}`,
    examples: [
      { text: 'My email is now ana@mail.dk', value: 'ana@mail.dk' },
      { text: 'My email is broken', value: null },
    ],
  },
  {
    id: 'en.slot.email.changed',
    slot: 'email',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:changed|updated|switched|moved) my (?:e-?mail|e-?mail address) to ${EMAIL}`,
    examples: [
      { text: "I've changed my email to kim@post.no", value: 'kim@post.no' },
      { text: 'I changed my password', value: null },
    ],
  },
  {
    id: 'en.slot.email.typo',
    slot: 'email',
    pattern: String.raw`\b(?:typo|wrong|mistake|misspelled|misspelt)\b[^@]{0,40}?(?<![\w.+-])${EMAIL}`,
    examples: [
      { text: "Typo in my address, it's bea@corp.io", value: 'bea@corp.io' },
      { text: 'There was a typo in the report', value: null },
    ],
  },
  {
    id: 'en.slot.email.instead',
    slot: 'email',
    pattern: String.raw`(?:^|[.!;]\s*)(?:please )?use ${EMAIL} instead`,
    examples: [
      { text: 'Please use jo@fjord.no instead', value: 'jo@fjord.no' },
      { text: 'Please use tabs instead', value: null },
    ],
  },
  {
    id: 'en.slot.email.address-first',
    slot: 'email',
    pattern: String.raw`(?<![\w.+-])${EMAIL}(?: from now on| going forward| instead)?,? (?:that's|that is|it's|this is|which is) my (?:new |current |updated )?(?:e-?mail|e-?mail address)`,
    examples: [
      { text: "sam@web.de, that's my new email", value: 'sam@web.de' },
      { text: "sam@web.de is my brother's", value: null },
    ],
  },
  {
    id: 'en.slot.email.reach-me',
    slot: 'email',
    pattern: String.raw`(?:^|\b)(?:reach|contact|email|e-mail|mail) me (?:at|on) ${EMAIL}`,
    examples: [
      { text: 'Reach me at li@ex.cn', value: 'li@ex.cn' },
      { text: 'Reach me tomorrow', value: null },
    ],
  },
  {
    id: 'en.slot.name.my-name',
    slot: 'name',
    pattern: String.raw`${MY} (?:full |first |real |legal )?name(?: is|'s) ${WORDS}`,
    accept: named,
    examples: [
      { text: 'My first name is Tove', value: 'Tove' },
      { text: 'My name is not important', value: null },
    ],
  },
  {
    id: 'en.slot.name.called',
    slot: 'name',
    pattern: String.raw`${I}${AM} (?:called|named) ${WORDS}`,
    accept: named,
    examples: [
      { text: "I'm called Oskar", value: 'Oskar' },
      { text: "I'm called to the bar", value: null },
    ],
  },
  {
    id: 'en.slot.name.names',
    slot: 'name',
    pattern: String.raw`(?:^|[.!;]\s*)name's ${WORDS}`,
    accept: properName,
    examples: [
      { text: "Name's Bond", value: 'Bond' },
      { text: "Name's not on the list", value: null },
    ],
  },
  {
    id: 'en.slot.name.greeting',
    slot: 'name',
    pattern: String.raw`^(?:hi|hello|hey)[,!]?(?: there| all| everyone)?[,!]? i${AM} (\p{L}[\p{L}'-]+)`,
    accept: properName,
    examples: [
      { text: "Hello, I am Greta and I'm new here", value: 'Greta' },
      { text: 'Hi, I am tired', value: null },
    ],
  },
  {
    id: 'en.slot.name.im',
    slot: 'name',
    pattern: String.raw`${I}'m (\p{L}[\p{L}'-]+)(?=\s*(?:$|[.!,]))`,
    accept: (value) => properName(value) && !NOT_A_NAME.has(value.toLowerCase()),
    examples: [
      { text: "Sorry, I'm Maja.", value: 'Maja' },
      { text: "I'm Danish.", value: null },
    ],
  },
  {
    id: 'en.slot.nickname.call-me',
    slot: 'nickname',
    pattern: String.raw`(?:^|[.!;,]\s*|\b(?:just|please|rather you|like you to|want you to|prefer you|prefer that you|my friends|friends|everyone|everybody|people|most people)\s+)call me ${WORDS}`,
    accept: properName,
    examples: [
      { text: 'Just call me Bix', value: 'Bix' },
      { text: 'Call me tomorrow', value: null },
    ],
  },
  {
    id: 'en.slot.nickname.go-by',
    slot: 'nickname',
    pattern: String.raw`${I} go by ${WORDS}`,
    accept: properName,
    examples: [
      { text: 'I go by Rafa', value: 'Rafa' },
      { text: 'I go by bus', value: null },
    ],
  },
  {
    id: 'en.slot.nickname.my',
    slot: 'nickname',
    pattern: String.raw`${MY} nickname is ${WORDS}`,
    accept: named,
    examples: [
      { text: 'My nickname is Tiny', value: 'Tiny' },
      { text: 'My nickname is a secret', value: null },
    ],
  },
  {
    id: 'en.slot.age.digits',
    slot: 'age',
    pattern: String.raw`${I}${AM} (?:now |currently |only |almost |actually )?(\d{1,3})(?:\s*(?:years?|yrs?) old|\s*y/?o|\s*years of age|(?=${AFTER}\s*(?:$|[.,!;])))`,
    accept: plausibleAge,
    examples: [
      { text: "I'm 29 years old", value: '29' },
      { text: "I'm 290 years old", value: null },
    ],
  },
  {
    id: 'en.slot.age.turned',
    slot: 'age',
    pattern: String.raw`${I} (?:just |recently )?turned (\d{1,3})(?: years old)?(?=\s*(?:$|[.,!;]|(?:today|yesterday|last|this|on)\b))`,
    accept: plausibleAge,
    examples: [
      { text: 'I just turned 50 last week', value: '50' },
      { text: 'I turned 3 pages', value: null },
    ],
  },
  {
    id: 'en.slot.age.words',
    slot: 'age',
    pattern: String.raw`${I}(?:${AM}| just turned| turned) (?:now |only |almost |actually )?${AGE_WORDS}(?:\s*years old)?(?=${AFTER}\s*(?:$|[.,!;]))`,
    value: ageInDigits,
    examples: [
      { text: "I'm forty-two", value: '42' },
      { text: "I'm forty minutes late", value: null },
    ],
  },
  {
    id: 'en.slot.age.turned-bare',
    slot: 'age',
    pattern: String.raw`(?:^|[.!;]\s*)(?:just |recently )?turned (\d{1,3}|${AGE_WORDS})(?: years old)?(?=\s*(?:$|[.,!;]|(?:today|yesterday|last|this|on)\b))`,
    value: ageInDigits,
    accept: (value) => plausibleAge(ageInDigits(value)),
    examples: [
      { text: 'Turned 33 yesterday', value: '33' },
      { text: 'Turned left at the lights', value: null },
    ],
  },
  {
    id: 'en.slot.age.my-age',
    slot: 'age',
    pattern: String.raw`${MY} age is (\d{1,3})\b`,
    accept: plausibleAge,
    examples: [
      { text: 'My age is 61', value: '61' },
      { text: 'My age is a secret', value: null },
    ],
  },
  {
    id: 'en.slot.timezone.my',
    slot: 'timezone',
    pattern: String.raw`${MY} time ?zone is ${TIMEZONE}`,
    examples: [
      { text: 'My time zone is CEST', value: 'CEST' },
      { text: 'My time zone is confusing', value: null },
    ],
  },
  {
    id: 'en.slot.timezone.im-on',
    slot: 'timezone',
    pattern: String.raw`${I}${AM} (?:in|on) (?:the )?${TIMEZONE}(?: time ?zone| time)?(?=$|[\s.,!;])`,
    examples: [
      { text: "I'm on Pacific time", value: 'Pacific' },
      { text: "I'm on the train", value: null },
    ],
  },
  {
    id: 'en.slot.birthday.my',
    slot: 'birthday',
    pattern: String.raw`${MY} (?:birthday|bday|birth date|date of birth|dob)(?: is|'s) (?:actually |really |now )?(?:on )?([\p{L}\p{N}][\p{L}\p{N} ,/.-]*)`,
    examples: [
      { text: 'My birthday is on 3 June', value: '3 June' },
      { text: "My sister's birthday is on 3 June", value: null },
    ],
  },
  {
    id: 'en.slot.birthday.born',
    slot: 'birthday',
    pattern: String.raw`${I} was born (?:on|in) ((?:\d{1,2}(?:st|nd|rd|th)? )?(?:\p{L}+ )?(?:\d{1,2}(?:st|nd|rd|th)?,? )?\d{4})\b`,
    examples: [
      { text: 'I was born in 1979', value: '1979' },
      { text: 'I was born in Leeds', value: null },
    ],
  },
  {
    id: 'en.slot.location.live',
    slot: 'location',
    pattern: String.raw`${I}(?: ${NOW}(?:live|reside)|(?:${AM}|'ve been| have been) ${NOW}(?:living|based|located|residing)) in ${WORDS}`,
    accept: named,
    examples: [
      { text: 'I live in Tromsø', value: 'Tromsø' },
      { text: 'I live in fear of spiders', value: null },
    ],
  },
  {
    id: 'en.slot.location.moved',
    slot: 'location',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:moved|relocated) (?:back )?(?:from [^.!?;,]{1,40}? )?to ${WORDS}`,
    accept: named,
    examples: [
      { text: 'I moved to Ghent last spring', value: 'Ghent' },
      { text: 'I moved to the left', value: null },
    ],
  },
  {
    id: 'en.slot.location.im-now-in',
    slot: 'location',
    pattern: String.raw`${I}${AM} (?:now |currently )in ${WORDS}`,
    accept: named,
    examples: [
      { text: "I'm now in Lagos", value: 'Lagos' },
      { text: "I'm now in bed", value: null },
    ],
  },
  {
    id: 'en.slot.location.im-in-now',
    slot: 'location',
    pattern: String.raw`${I}${AM} in ${WORDS}(?= (?:now|these days|nowadays)\b)`,
    accept: named,
    examples: [
      { text: "I'm in Quito these days", value: 'Quito' },
      { text: "I'm in Quito", value: null },
    ],
  },
  {
    id: 'en.slot.location.we-live',
    slot: 'location',
    pattern: String.raw`${WE}(?: ${NOW}(?:live|reside)|(?:'re| are|'ve been| have been) ${NOW}(?:living|based|located)) in ${WORDS}`,
    accept: named,
    examples: [
      { text: 'We live in Bergen', value: 'Bergen' },
      { text: 'They live in Bergen', value: null },
    ],
  },
  {
    id: 'en.slot.location.we-moved',
    slot: 'location',
    pattern: String.raw`${WE}(?:'ve| have)? ${NOW}(?:moved|relocated) (?:back )?(?:from [^.!?;,]{1,40}? )?to ${WORDS}`,
    accept: named,
    examples: [
      { text: 'We relocated to Perth', value: 'Perth' },
      { text: 'We moved to a bigger flat', value: null },
    ],
  },
  {
    id: 'en.slot.location.my-city',
    slot: 'location',
    pattern: String.raw`${MY} (?:home ?town|city|location|current location) is (?:now )?${WORDS}`,
    accept: named,
    examples: [
      { text: 'My hometown is Cork', value: 'Cork' },
      { text: 'My city is the best', value: null },
    ],
  },
  {
    id: 'en.slot.employer.work-at',
    slot: 'employer',
    pattern: String.raw`${I} ${NOW}work ${WORK_HOW}(?:at|for) ${WORDS}`,
    accept: named,
    examples: [
      { text: 'I work remotely for Canva', value: 'Canva' },
      { text: 'I work at home', value: null },
    ],
  },
  {
    id: 'en.slot.employer.employed',
    slot: 'employer',
    pattern: String.raw`${I}(?:${AM}|'ve been| have been) ${NOW}(?:employed|working) ${WORK_HOW}(?:at|by|for|with) ${WORDS}`,
    accept: named,
    examples: [
      { text: "I'm employed by Maersk", value: 'Maersk' },
      { text: "I'm working on it", value: null },
    ],
  },
  {
    id: 'en.slot.employer.joined',
    slot: 'employer',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:joined|started (?:a new job |working |a job )?(?:at|for|with)|got a (?:new )?job (?:at|with)) ${WORDS}`,
    accept: properName,
    examples: [
      { text: 'I recently joined Spotify', value: 'Spotify' },
      { text: 'I joined a gym', value: null },
    ],
  },
  {
    id: 'en.slot.employer.switched',
    slot: 'employer',
    pattern: String.raw`${I} (?:switched|changed) jobs? (?:and (?:now )?(?:works?|am working) (?:at|for)|to) ${WORDS}`,
    accept: properName,
    examples: [
      { text: 'I switched jobs to Zalando', value: 'Zalando' },
      { text: 'I switched jobs to something better', value: null },
    ],
  },
  {
    id: 'en.slot.employer.my',
    slot: 'employer',
    pattern: String.raw`${MY} (?:employer|company) is ${WORDS}`,
    accept: named,
    examples: [
      { text: 'My employer is Vestas', value: 'Vestas' },
      { text: 'My company is the best', value: null },
    ],
  },
  {
    id: 'en.slot.occupation.my-job',
    slot: 'occupation',
    pattern: String.raw`${MY} (?:job|job title|title|occupation|profession|role) is (?:an? )?${WORDS}`,
    accept: named,
    examples: [
      { text: 'My job title is Data Steward', value: 'Data Steward' },
      { text: 'My job is the worst', value: null },
    ],
  },
  {
    id: 'en.slot.occupation.work-as',
    slot: 'occupation',
    pattern: String.raw`${I} ${NOW}(?:work|retrained|trained|requalified|qualified) as (?:an? )?${WORDS}`,
    accept: named,
    examples: [
      { text: 'I work as a translator', value: 'translator' },
      { text: 'Bob works as a chef', value: null },
    ],
  },
  {
    id: 'en.slot.occupation.im-a-job',
    slot: 'occupation',
    pattern: String.raw`${I}${AM} ${NOW}(?:working as )?(?:an? )((?:[\p{L}-]+ ){0,2}(?:${OCCUPATIONS}))\b`,
    examples: [
      { text: "I'm a pediatric nurse", value: 'pediatric nurse' },
      { text: "I'm a big fan", value: null },
    ],
  },
  {
    id: 'en.slot.occupation.im-a-suffix',
    slot: 'occupation',
    pattern: String.raw`${I}${AM} ${NOW}an? (\p{L}+(?:ist|ician|ologist|grapher|ier|eer|smith|wright|maker|monger|keeper))(?=\s*(?:$|[.,!;]|(?:now|by trade|by profession|full[- ]time|part[- ]time)\b))`,
    accept: (value) => !NOT_A_JOB.has(value.toLowerCase()),
    examples: [
      { text: "I'm a cartographer", value: 'cartographer' },
      { text: "I'm a realist", value: null },
    ],
  },
  {
    id: 'en.slot.occupation.became',
    slot: 'occupation',
    pattern: String.raw`${I}(?:'ve| have)? ${NOW}(?:become|became) (?:an? )((?:[\p{L}-]+ ){0,2}(?:${OCCUPATIONS}))\b`,
    examples: [
      { text: 'I became a paramedic', value: 'paramedic' },
      { text: 'I became a fan', value: null },
    ],
  },
  {
    id: 'en.slot.language.my-native',
    slot: 'language',
    pattern: String.raw`${MY} (?:native|first|preferred|primary|main|mother) (?:language|tongue) is (${LANGUAGES})\b`,
    examples: [
      { text: 'My native language is Polish', value: 'Polish' },
      { text: 'My native language is Klingon', value: null },
    ],
  },
  {
    id: 'en.slot.language.native-speaker',
    slot: 'language',
    pattern: String.raw`${I}${AM} a native (${LANGUAGES}) speaker`,
    examples: [
      { text: "I'm a native Dutch speaker", value: 'Dutch' },
      { text: "I'm a native of Dublin", value: null },
    ],
  },
  {
    id: 'en.slot.language.is-my',
    slot: 'language',
    pattern: String.raw`(?:^|[.!;,:]\s*)(${LANGUAGES}) is my (?:native|first|preferred|primary|main|mother) (?:language|tongue)`,
    examples: [
      { text: 'Greek is my mother tongue', value: 'Greek' },
      { text: 'Greek is my favourite cuisine', value: null },
    ],
  },
  {
    id: 'en.slot.language.reply-in',
    slot: 'language',
    pattern: String.raw`(?:reply|respond|answer|talk to me|write to me) (?:to me )?(?:only )?in (${LANGUAGES})\b`,
    examples: [
      { text: 'Reply in German please', value: 'German' },
      { text: 'Reply in full sentences', value: null },
    ],
  },
];
