import { AM, I, MY, NAME_WORDS, NOW, WE, WORDS, WORK_HOW } from 'src/language/en/slot-parts';
import { LANGUAGES, named, NOT_A_JOB, OCCUPATIONS, properName } from 'src/language/en/slot-words';
import type { SlotCue } from 'src/language/slot-cue';

/** English self-descriptions of the user's life: home, employer, job, language. */
export const EN_LIFE_CUES: readonly SlotCue[] = [
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
  // news told by implication: "these days home is Leeds", "ended up moving to Tampere", "we made the move to Zagreb"
  {
    id: 'en.slot.location.home-is',
    slot: 'location',
    pattern: String.raw`(?:^|[.!;,:—–]\s*|\b(?:these days|nowadays|now|currently),?\s+)home(?: for (?:me|us))? is (?:now )?${WORDS}`,
    accept: named,
    examples: [
      { text: 'these days home is Sheffield', value: 'Sheffield' },
      { text: 'My home is a mess', value: null },
    ],
  },
  {
    id: 'en.slot.location.ended-up',
    slot: 'location',
    pattern: String.raw`(?:(?:${I}|${WE})(?:'ve| have)? |(?:^|[.!;,:—–]\s*))(?:finally |just |recently |eventually |now )?(?:ended up (?:moving|relocating|settling)(?: down)?|made the move|settled(?: down)?) (?:back )?(?:in|to) ${WORDS}`,
    accept: named,
    examples: [
      { text: 'ended up moving to Tampere in the spring', value: 'Tampere' },
      { text: 'we finally made the move to Zagreb', value: 'Zagreb' },
      { text: 'My sister ended up moving to Rome', value: null },
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
    id: 'en.slot.employer.hired',
    slot: 'employer',
    pattern: String.raw`(?:${I}(?:'ve| have)? ${NOW}|(?:^|[.!;,:—–]\s*)(?:just |finally |recently |officially )?)(?:got hired (?:by|at)|landed (?:a|the|my) (?:new )?(?:job|role|position) (?:at|with)|got (?:a|the) (?:new )?(?:job|role|position) (?:at|with)|accepted (?:an|the|a job) offer (?:from|at)|signed (?:on )?with) ${NAME_WORDS}`,
    accept: properName,
    examples: [
      { text: 'I got hired by Twilio, start next week', value: 'Twilio' },
      { text: 'just landed a job at Supercell!! so happy', value: 'Supercell' },
      { text: 'My brother got hired by Twilio', value: null },
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
    pattern: String.raw`${I}(?:${AM}|'ve been| have been) ${NOW}(?:working as )?(?:an? )((?:[\p{L}-]+ ){0,2}(?:${OCCUPATIONS}))\b`,
    examples: [
      { text: "I'm a pediatric nurse", value: 'pediatric nurse' },
      { text: "I've been a structural engineer for eleven years now", value: 'structural engineer' },
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
    id: 'en.slot.occupation.by-trade',
    slot: 'occupation',
    pattern: String.raw`${I}${AM} ${NOW}an? ((?:[\p{L}-]+ ){0,2}[\p{L}-]+) by (?:trade|profession)\b`,
    accept: (value) => !NOT_A_JOB.has(value.toLowerCase()),
    examples: [
      { text: "I'm a stonemason by trade", value: 'stonemason' },
      { text: "I'm a court reporter by profession", value: 'court reporter' },
      { text: "I'm a realist by trade", value: null },
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
    pattern: String.raw`(?:reply|respond|answer|talk to me|write to me) (?:to me |me )?(?:only |always |just )?in (${LANGUAGES})\b`,
    examples: [
      { text: 'Reply in German please', value: 'German' },
      { text: 'always answer me in spanish pls', value: 'spanish' },
      { text: 'Reply in full sentences', value: null },
    ],
  },
  // "Switch to English for everything please", "switch back to spanish pls"
  {
    id: 'en.slot.language.switch-to',
    slot: 'language',
    pattern: String.raw`(?:^|[.!;,:]\s*)(?:actually |ok |okay |so |and )?(?:please |pls |can you |could you )?(?:switch|change|go|move)(?: back)? to (${LANGUAGES})\b(?! (?:food|cuisine|wine|beer|class|classes|lessons?|course)\b)`,
    examples: [
      { text: 'Switch to English for everything please', value: 'English' },
      { text: 'actually switch to portuguese, I need the practice', value: 'portuguese' },
      { text: 'We might switch to Italian food tonight', value: null },
    ],
  },
  {
    id: 'en.slot.language.prefer-in',
    slot: 'language',
    pattern: String.raw`${I}(?:'d| would)? prefer (?:responses|replies|answers|messages|it|them|everything|to be answered|to get answers) in (${LANGUAGES})\b`,
    examples: [
      { text: 'I prefer responses in Italian', value: 'Italian' },
      { text: 'I prefer my coffee in Italian cups', value: null },
    ],
  },
  // "Please write your replies in Portuguese from now on", "give me the answers in Dutch"
  {
    id: 'en.slot.language.replies-in',
    slot: 'language',
    pattern: String.raw`(?:^|[.!;,:]\s*)(?:please |pls |can you |could you |and )?(?:write|give|send|keep|make|do)(?: me)? (?:your |the |all |all of your |future )?(?:replies|answers|responses|messages) in (${LANGUAGES})\b`,
    examples: [
      { text: 'Please write your replies in Portuguese from now on', value: 'Portuguese' },
      { text: 'He asked you to write your replies in Dutch', value: null },
    ],
  },
  // "About languages, I've changed my mind: English replies are better for me after all."
  {
    id: 'en.slot.language.replies-better',
    slot: 'language',
    pattern: String.raw`(?:^|[.!;,:]\s*)(${LANGUAGES}) (?:replies|answers|responses) (?:are|would be|work) (?:better|best|easier|preferable)(?: for me)?`,
    examples: [
      { text: "I've changed my mind: English replies are better for me after all.", value: 'English' },
      { text: 'English replies are shorter', value: null },
    ],
  },
  // "but I still want English for myself"
  {
    id: 'en.slot.language.want-for-me',
    slot: 'language',
    pattern: String.raw`${I} (?:still |really |just |only )?(?:want|need|prefer|would like|'d like) (${LANGUAGES})(?= (?:for me|for myself|myself|replies|answers|responses)\b)`,
    examples: [
      { text: 'but I still want English for myself', value: 'English' },
      { text: 'I want English tea', value: null },
    ],
  },
];
