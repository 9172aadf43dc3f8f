/** English words the slot rules (en/slot-rules.ts) read values with: jobs, languages, words that name nothing. */

// "I'm thirty-two": the age in words, read as its number
export const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
export const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
export const TEENS = ['thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
export const AGE_WORDS = String.raw`((?:${TENS.join('|')})(?:[- ](?:${UNITS.join('|')}))?|${TEENS.join('|')})`;
// "I'm a(n) <occupation>": only these words make "I'm a ..." a job ("I'm a big fan" is not one)
export const OCCUPATIONS = (
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
export const LANGUAGES =
  'english|spanish|french|german|italian|portuguese|dutch|swedish|norwegian|danish|finnish|polish|czech|greek|' +
  'turkish|russian|ukrainian|arabic|hebrew|hindi|bengali|urdu|punjabi|tamil|chinese|mandarin|cantonese|japanese|' +
  'korean|vietnamese|thai|indonesian|malay|tagalog|swahili|persian|farsi|romanian|hungarian|catalan';

// Words that follow "live in", "work at", "my name is" ... without naming anything.
export const NOT_A_VALUE = new Set(
  (
    'a an the my our his her their this that some here there home house town peace fear hope it least all times ' +
    'night nights weekends weekend once twice moment bed same myself not to no going also still really just'
  ).split(' '),
);
export const NOT_A_NICKNAME = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday tomorrow today tonight later maybe back sometime ' +
    'anytime whenever now soon asap again crazy names anything whatever'
  ).split(' '),
);
const CLAUSE_WORDS =
  'and|but|with|for|since|because|as|from|until|till|now|last|next|this|these|in|on|at|by|so|which|who|where|when|' +
  'though|too|again|anymore|already|yet|right|btw|lol|haha|full|part|over|during|after|before|around|earlier|' +
  'recently|ago|yesterday|today|tomorrow|tonight|soon|not|actually|instead';
export const CLAUSE_END = new RegExp(String.raw`\s+(?:${CLAUSE_WORDS})\b.*$`, 'iu');

/** Capitalised words that follow "I'm" without being a name: nationalities, faiths, states. */
export const NOT_A_NAME = new Set(
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
export const NOT_A_JOB = new Set(
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

export function named(value: string): boolean {
  const [first = '', second = ''] = value.split(/\s+/u);

  return first.toLowerCase() === 'the' ? /^\p{Lu}/u.test(second) : !NOT_A_VALUE.has(first.toLowerCase());
}

export function properName(value: string): boolean {
  return /^\p{Lu}/u.test(value) && !NOT_A_NICKNAME.has(value.toLowerCase());
}

export function ageInDigits(words: string): string {
  if (/^\d+$/u.test(words)) {
    return words;
  }
  const [tens = '', unit = ''] = words.toLowerCase().split(/[- ]/u);
  const teen = TEENS.indexOf(tens);

  return String(teen >= 0 ? 13 + teen : (TENS.indexOf(tens) + 2) * 10 + UNITS.indexOf(unit) + 1);
}

export function plausibleAge(value: string): boolean {
  const age = Number(value);

  return age > 0 && age <= 130;
}

/** Diets a person keeps: "I'm vegan", "gone full pescatarian". */
export const DIETS =
  'vegetarian|vegan|pescatarian|pescetarian|flexitarian|lacto-vegetarian|ovo-vegetarian|plant-based|gluten-free|' +
  'dairy-free|lactose-free|keto|paleo|halal|kosher|carnivore';

/** A phone number has six to fifteen digits. */
export function phoneDigits(value: string): boolean {
  const digits = value.replace(/\D/gu, '').length;

  return digits >= 6 && digits <= 15;
}

/** Words after "dating", "married to" that name no partner. */
export const NOT_A_PARTNER = new Set(
  (
    'a an the my our his her their this that some someone somebody anyone nobody no it him her them you again ' +
    'now again things stuff around apps online life work myself again yet still'
  ).split(' '),
);
