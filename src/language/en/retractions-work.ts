import { ANYMORE, START, VALUE } from 'src/language/cue-parts';
import type { RetractionCue } from 'src/language/retraction-cue';

/** English ways of leaving a job or an employer: "I left Hooli", "I'm not a teacher anymore", "I retired". */
export const EN_WORK_RETRACTION_CUES: readonly RetractionCue[] = [
  {
    id: 'en.retract.employer.quit',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:(?:quit|left) my (?:job|position|role) (?:at|with)|quit|resigned from|stopped working (?:at|for)) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'I quit Hooli last month', fires: true, value: 'hooli' },
      { text: 'I quit smoking', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.left',
    slot: 'employer',
    orSlot: 'location',
    pattern: new RegExp(String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?left ${VALUE}`, 'iu'),
    examples: [
      { text: "I've left Novartis", fires: true, value: 'novartis' },
      { text: 'I left my umbrella on the bus', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.last-day',
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}my last day (?:at|with) ${VALUE}(?= (?:was|is)\b)`, 'iu'),
    examples: [
      { text: 'My last day at Klarna was Friday', fires: true, value: 'klarna' },
      { text: 'My last day at the beach was great', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.no-longer-at',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}(?:i'm |i am )?no longer (?:at|with|working (?:at|for)|employed (?:at|by)) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'No longer with Deloitte', fires: true, value: 'deloitte' },
      { text: 'No longer with the band', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.laid-off',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i (?:got|was|have been|'ve been|just got|was just) (?:laid off|fired|let go|made redundant|sacked|dismissed)(?: (?:from|by|at) ${VALUE})?`,
      'iu',
    ),
    examples: [
      { text: 'I got laid off from Meta', fires: true, value: 'meta' },
      { text: 'He got laid off', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.former-label',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`(?:^|[.!;]\s*)(?:my )?(?:former|previous|old|ex-?) ?(?:employer|company|workplace)\s*(?:[:=-]|is|was)\s*${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'Former employer: Stark Industries', fires: true, value: 'stark industries' },
      { text: 'Former teacher: Mr Holt', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.ex-prefix',
    slot: 'employer',
    pattern: new RegExp(String.raw`(?:^|[.!;]\s*)[Ee]x-(\p{Lu}[\p{L}\p{N}&'.-]*)`, 'u'),
    examples: [
      { text: 'Ex-Deloitte', fires: true, value: 'deloitte' },
      { text: 'ex-wife says hi', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.previously',
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}i (?:previously|formerly|once) worked (?:at|for) ${VALUE}`, 'iu'),
    examples: [
      { text: 'I previously worked at Oracle', fires: true, value: 'oracle' },
      { text: 'I previously worked at a bakery', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.havent-worked',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i (?:haven't|have not) (?:worked|been working|been employed) (?:at|for) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: "I haven't worked at Nordea since 2019", fires: true, value: 'nordea' },
      { text: "I haven't worked at all today", fires: false },
    ],
  },
  {
    id: 'en.retract.employer.parted-ways',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}${VALUE} and i (?:parted ways|parted company|went our separate ways|split up)`,
      'iu',
    ),
    examples: [
      { text: 'Ryanair and I parted ways', fires: true, value: 'ryanair' },
      { text: 'Ryanair and I are fine', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.let-me-go',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}(?!(?:he|she|they|it|we|you|this|that|my|our|his|her|their)\b)${VALUE} (?:let me go|fired me|laid me off|made me redundant|sacked me)\b(?! (?:home|early|out|for)\b)`,
      'iu',
    ),
    examples: [
      { text: 'Ikea let me go in May', fires: true, value: 'ikea' },
      { text: 'She let me go early', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.lost-job',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:quit|left|lost) my (?:job|position|role)(?! (?:at|with|as)\b)`,
      'iu',
    ),
    examples: [
      { text: 'I lost my job', fires: true, value: null },
      { text: 'I lost my keys', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.unemployed',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:now |currently )?(?:unemployed|out of work|between jobs|jobless)\b`,
      'iu',
    ),
    examples: [
      { text: "I'm unemployed now", fires: true, value: null },
      { text: 'My brother is unemployed', fires: false },
    ],
  },
  {
    id: 'en.retract.employer.dont-work-at',
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not|dont) work (?:at|for) ${VALUE}`, 'iu'),
    examples: [
      { text: "I don't work for Siemens", fires: true, value: 'siemens' },
      { text: "I don't work for free", fires: false },
    ],
  },
  {
    id: 'en.retract.employer.not-there',
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}i (?:don't|do not|dont) work (there) ${ANYMORE}`, 'iu'),
    examples: [
      { text: "I don't work there anymore", fires: true, value: null },
      { text: "I don't work there on Mondays", fires: false },
    ],
  },
  {
    id: 'en.retract.employer.not-employed',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:employed|working) (?:at|by|for|with) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: "I'm no longer employed by Bayer", fires: true, value: 'bayer' },
      { text: "I'm not working with clients", fires: false },
    ],
  },
  {
    id: 'en.retract.employer.not-with',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:at|with) ${VALUE}(?= ${ANYMORE}|$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: "I'm no longer with Telia", fires: true, value: 'telia' },
      { text: "I'm not with you on this", fires: false },
    ],
  },
  {
    id: 'en.retract.employer.used-to-work',
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}i used to work (?:at|for) ${VALUE}`, 'iu'),
    examples: [
      { text: 'I used to work for Nokia', fires: true, value: 'nokia' },
      { text: 'I used to work for myself', fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.not-a',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:working as )?an? ([\p{L}-]+(?: [\p{L}-]+)?)(?= ${ANYMORE}|$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: "I'm not a teacher anymore", fires: true, value: 'teacher' },
      { text: "She's not a teacher anymore", fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.quit-being',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:quit|stopped|gave up) being an? ([\p{L}-]+(?: [\p{L}-]+)?)`,
      'iu',
    ),
    examples: [
      { text: 'I quit being a lifeguard', fires: true, value: 'lifeguard' },
      { text: 'I quit being lazy', fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.stopped-teaching',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:stopped|quit|gave up|given up|left) (?:teaching|nursing|lecturing|tutoring|practi[sc]ing (?:law|medicine)|freelancing|driving for a living)\b`,
      'iu',
    ),
    examples: [
      { text: 'I stopped teaching in June', fires: true, value: null },
      { text: 'I started teaching', fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.used-to-be',
    slot: 'occupation',
    pattern: new RegExp(String.raw`${START}i used to be an? ([\p{L}-]+(?: [\p{L}-]+)?)(?=$|[.!;])`, 'iu'),
    examples: [
      { text: 'I used to be a banker.', fires: true, value: 'banker' },
      { text: 'I used to be a banker in Paris', fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.retired',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?retired(?=$|[ .,!;])(?! as\b)`,
      'iu',
    ),
    examples: [
      { text: 'I retired last year', fires: true, value: null },
      { text: 'I retired as a pilot', fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.was-but-not',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i (?:used to be|was) an? ([\p{L}-]+(?: [\p{L}-]+)?),? but (?:not|no longer)`,
      'iu',
    ),
    examples: [
      { text: 'I was a chef, but not anymore', fires: true, value: 'chef' },
      { text: 'I was a chef for years', fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.dont-work-as',
    slot: 'occupation',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not) work as an? ([\p{L}-]+(?: [\p{L}-]+)?)`, 'iu'),
    examples: [
      { text: 'I no longer work as a courier', fires: true, value: 'courier' },
      { text: 'I work as a courier', fires: false },
    ],
  },
  {
    id: 'en.retract.occupation.retired-as',
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:retired|quit|stopped working|(?:quit|left) my job) as an? ([\p{L}-]+(?: [\p{L}-]+)?)`,
      'iu',
    ),
    examples: [
      { text: 'I retired as a pilot', fires: true, value: 'pilot' },
      { text: 'I retired early', fires: false },
    ],
  },
  // "wait no, that's my old job", "Spotify was my old job": the words say the value is no longer the user's
  {
    id: 'en.retract.employer.old-job',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}(?:(?:wait|no|oh|sorry)[,]? )*(?:that's|that is|thats|it's|it is|(?:that|it) was) (?:just )?my (?:old|former|previous) (?:job|employer|workplace|company)\b`,
      'iu',
    ),
    examples: [
      { text: "wait no, that's my old job", fires: true, value: null },
      { text: "That's my old jacket", fires: false },
    ],
  },
  {
    id: 'en.retract.employer.was-old-job',
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}${VALUE} (?:was|is) (?:just )?my (?:old|former|previous) (?:job|employer|workplace|company)\b`,
      'iu',
    ),
    examples: [
      { text: 'It is Bosch now, Siemens was my old job', fires: true, value: 'siemens' },
      { text: 'Running was my old hobby', fires: false },
    ],
  },
];
