import { ANYMORE, EMAIL, START, VALUE } from 'src/language/cue-parts';
import type { FactRetractionCue, RetractionCue } from 'src/language/retraction-cue';

/**
 * English ways of taking back a slot value ("I left Hooli", "I don't live in Leeds anymore"), tried in order; group 1
 * is the value (none: whatever the slot holds). Examples are run by src/language/language-tables.spec.ts.
 */
export const EN_RETRACTION_CUES: readonly RetractionCue[] = [
  // employer
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
  // "Former employer: Stark Industries", "Ex-Deloitte", "I previously worked at Globex"
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
  // "I haven't worked at Nordea since 2019"
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
  // "Ryanair and I parted ways"
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
  // "Ikea let me go", "Acme laid me off"
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
  // no employer named: "I quit my job", "I lost my job", "I'm unemployed now"
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
  // location
  {
    id: 'en.retract.location.not-in',
    slot: 'location',
    orSlot: 'timezone',
    pattern: new RegExp(String.raw`${START}i(?:'m| am) (?:no longer|not) in ${VALUE}(?= ${ANYMORE}|$|[.,!;])`, 'iu'),
    examples: [
      { text: "I'm not in Madrid anymore", fires: true, value: 'madrid' },
      { text: "I'm not in the mood", fires: false },
    ],
  },
  {
    id: 'en.retract.location.used-to-live',
    slot: 'location',
    pattern: new RegExp(String.raw`${START}i used to live in ${VALUE}`, 'iu'),
    examples: [
      { text: 'I used to live in Hull', fires: true, value: 'hull' },
      { text: 'I used to live in a van', fires: false },
    ],
  },
  {
    id: 'en.retract.location.not-living',
    slot: 'location',
    pattern: new RegExp(String.raw`^(?:i'm |i am )?not (?:living|based) in ${VALUE}`, 'iu'),
    examples: [
      { text: 'Not based in Leeds', fires: true, value: 'leeds' },
      { text: 'Not living in fear', fires: false },
    ],
  },
  // "My time zone is no longer Europe/Berlin", "My nickname is no longer Bubba"
  {
    id: 'en.retract.timezone.no-longer',
    slot: 'timezone',
    pattern: new RegExp(String.raw`${START}my time ?zone is no longer (\S+)`, 'iu'),
    examples: [
      { text: 'My time zone is no longer CET', fires: true, value: 'cet' },
      { text: 'My time zone is CET', fires: false },
    ],
  },
  {
    id: 'en.retract.nickname.no-longer',
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}my nickname is no longer ${VALUE}`, 'iu'),
    examples: [
      { text: 'My nickname is no longer Bubba', fires: true, value: 'bubba' },
      { text: 'My nickname is Bubba', fires: false },
    ],
  },
  {
    id: 'en.retract.nickname.dropped',
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}i(?:'ve| have)? dropped (?:the |my )?nickname ${VALUE}`, 'iu'),
    examples: [
      { text: 'I dropped the nickname Ace', fires: true, value: 'ace' },
      { text: 'I dropped my phone', fires: false },
    ],
  },
  {
    id: 'en.retract.email.gone',
    slot: 'email',
    pattern: new RegExp(
      String.raw`(?<![\w.+-])(${EMAIL}) (?:is gone|is dead|is closed|is deleted|was closed|was deleted)`,
      'iu',
    ),
    examples: [
      { text: 'old@mail.com is gone', fires: true, value: 'old@mail.com' },
      { text: 'The old inbox is gone', fires: false },
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
    id: 'en.retract.nickname.nobody-calls',
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}(?:nobody|no one|noone) calls me ${VALUE}`, 'iu'),
    examples: [
      { text: 'Nobody calls me Red anymore', fires: true, value: 'red' },
      { text: 'Nobody calls me back', fires: false },
    ],
  },
  {
    id: 'en.retract.pronouns.no-longer-use',
    slot: 'pronouns',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not) use ([a-z]+/[a-z]+(?:/[a-z]+)?)`, 'iu'),
    examples: [
      { text: 'I no longer use he/him', fires: true, value: 'he/him' },
      { text: 'I no longer use Vim', fires: false },
    ],
  },
  {
    id: 'en.retract.pronouns.are-not',
    slot: 'pronouns',
    pattern: new RegExp(
      String.raw`${START}my pronouns (?:aren't|are not|are no longer) ([a-z]+/[a-z]+(?:/[a-z]+)?)`,
      'iu',
    ),
    examples: [
      { text: "My pronouns aren't she/her", fires: true, value: 'she/her' },
      { text: 'My pronouns are she/her', fires: false },
    ],
  },
  {
    id: 'en.retract.language.not-preferred',
    slot: 'language',
    pattern: new RegExp(
      String.raw`${START}(\p{L}+) is(?: not|n't| no longer) my (?:preferred|native|first|main|primary) language`,
      'iu',
    ),
    examples: [
      { text: 'French is no longer my preferred language', fires: true, value: 'french' },
      { text: 'French is my preferred language', fires: false },
    ],
  },
  {
    id: 'en.retract.location.havent-lived',
    slot: 'location',
    pattern: new RegExp(String.raw`${START}i (?:haven't|have not) (?:lived|been living) (?:in )?${VALUE}`, 'iu'),
    examples: [
      { text: "I haven't lived in Oslo for years", fires: true, value: 'oslo' },
      { text: "I haven't lived in a city", fires: false },
    ],
  },
  {
    id: 'en.retract.location.dont-live',
    slot: 'location',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not|dont) (?:live|reside) (?:in )?${VALUE}`, 'iu'),
    examples: [
      { text: "I don't live in Bristol", fires: true, value: 'bristol' },
      { text: "I don't live in the past", fires: false },
    ],
  },
  {
    id: 'en.retract.location.not-based',
    slot: 'location',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:living|based|located) (?:in )?${VALUE}`,
      'iu',
    ),
    examples: [
      { text: "I'm no longer based in Zurich", fires: true, value: 'zurich' },
      { text: "I'm not based in any office", fires: false },
    ],
  },
  {
    id: 'en.retract.location.moved-away',
    slot: 'location',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:moved|relocated) (?:away )?(?:out of|away from|from) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'I moved away from Dublin', fires: true, value: 'dublin' },
      { text: 'I moved away from the window', fires: false },
    ],
  },
  // occupation
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
  // "I quit being a lifeguard"
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
  // "I stopped teaching": the work that names the job
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
    id: 'en.retract.nickname.dont-go-by',
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}i (?:don't|do not|dont|no longer) go by ${VALUE}`, 'iu'),
    examples: [
      { text: "I don't go by Kit anymore", fires: true, value: 'kit' },
      { text: "I don't go by car", fires: false },
    ],
  },
  // nickname: "stop calling me Zee", "don't call me Zee any more"
  {
    id: 'en.retract.nickname.stop-calling',
    slot: 'nickname',
    pattern: new RegExp(
      String.raw`${START}(?:please )?(?:stop calling me|don't call me|do not call me|dont call me) ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'Stop calling me Princess', fires: true, value: 'princess' },
      { text: 'Stop calling me at night', fires: false },
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
  // "I retired last year": the job is what ends
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
  // email: "x@y.org isn't mine anymore", "I no longer use x@y.org", "I deleted that email account"
  {
    id: 'en.retract.email.not-mine',
    slot: 'email',
    pattern: new RegExp(
      String.raw`(?<![\w.+-])(${EMAIL}) (?:is not|isn't|is no longer|isn't really) (?:mine|my (?:e-?mail|address))`,
      'iu',
    ),
    examples: [
      { text: "kim@old.net isn't mine anymore", fires: true, value: 'kim@old.net' },
      { text: 'kim@old.net is mine', fires: false },
    ],
  },
  {
    id: 'en.retract.email.dont-use',
    slot: 'email',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not|dont) (?:use|have|check) (${EMAIL})`, 'iu'),
    examples: [
      { text: 'I no longer use jo@aol.com', fires: true, value: 'jo@aol.com' },
      { text: 'I no longer use Gmail', fires: false },
    ],
  },
  {
    id: 'en.retract.email.doesnt-work',
    slot: 'email',
    pattern: new RegExp(String.raw`(?<![\w.+-])(${EMAIL}) (?:doesn't|does not|no longer|won't|will not) work`, 'iu'),
    examples: [
      { text: "bo@x.org doesn't work", fires: true, value: 'bo@x.org' },
      { text: "The printer doesn't work", fires: false },
    ],
  },
  {
    id: 'en.retract.email.deleted',
    slot: 'email',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just )?(?:deleted|closed|deactivated|shut down|stopped using|got rid of) (?:that|my|the) (?:old )?e-?mail(?: account| address)?`,
      'iu',
    ),
    examples: [
      { text: 'I deleted my old email account', fires: true, value: null },
      { text: 'I deleted my old photos', fires: false },
    ],
  },
];

/** English ways of taking back a habit or trait of no slot; group 1 is what ends ("I don't play tennis anymore"). */
export const EN_FACT_RETRACTION_CUES: readonly FactRetractionCue[] = [
  {
    id: 'en.retract-fact.not-anymore',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:an? )?([\p{L}\p{N}' -]{2,60}?) (?:anymore|any more|any longer)\b`,
      'iu',
    ),
    examples: [
      { text: "I'm not vegetarian anymore", fires: true, value: 'vegetarian' },
      { text: "I'm vegetarian", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.no-longer',
    pattern: new RegExp(String.raw`${START}i(?:'m| am) no longer (?:an? )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`, 'iu'),
    examples: [
      { text: "I'm no longer a smoker", fires: true, value: 'smoker' },
      { text: "I'm a smoker", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.dont-anymore',
    pattern: new RegExp(
      String.raw`${START}i (?:don't|do not|dont) ([\p{L}\p{N}' -]{2,60}?) (?:anymore|any more|any longer)\b`,
      'iu',
    ),
    examples: [
      { text: "I don't play tennis anymore", fires: true, value: 'tennis' },
      { text: "I don't play tennis", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.no-longer-verb',
    pattern: new RegExp(String.raw`${START}i no longer ([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`, 'iu'),
    examples: [
      { text: 'I no longer smoke', fires: true, value: 'smoke' },
      { text: 'I still smoke', fires: false },
    ],
  },
  // "I sold my Vespa", "I cancelled Netflix", "I used to play in The Loud Hours"
  {
    id: 'en.retract-fact.sold',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |finally )?(?:sold|cancelled|canceled|gave away|given away|got rid of|ended(?! up)|used to) (?!(?:it|them|that|this|those|these)\b)(?:my |our |the |their )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:last|this|for|since|after|when|because|but|and|membership|subscription)\b)`,
      'iu',
    ),
    examples: [
      { text: 'I sold my Vespa', fires: true, value: 'vespa' },
      { text: 'I sold it', fires: false },
    ],
  },
  // "Jonas is my ex-husband", "I'm a former member of the chess club", "The sailboat is gone"
  {
    id: 'en.retract-fact.ex',
    pattern: new RegExp(String.raw`${START}(\p{L}[\p{L}'-]+) is (?:now )?my ex\b`, 'iu'),
    examples: [
      { text: 'Jonas is my ex', fires: true, value: 'jonas' },
      { text: 'Jonas is my brother', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.former-member',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:now )?a former member of (?:the )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`,
      'iu',
    ),
    examples: [
      { text: "I'm a former member of the chess club", fires: true, value: 'chess club' },
      { text: "I'm a member of the chess club", fires: false },
    ],
  },
  {
    id: 'en.retract-fact.gone',
    pattern: new RegExp(String.raw`(?:^|[.!;,]\s*)(?:the|my|our) ([\p{L}\p{N}' -]{2,40}?) (?:is|are) gone\b`, 'iu'),
    examples: [
      { text: 'The sailboat is gone', fires: true, value: 'sailboat' },
      { text: 'The sailboat is new', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.broke-up',
    pattern: new RegExp(
      String.raw`${START}(\p{L}[\p{L}'-]+) and i (?:broke up|split up|separated|divorced|got divorced)`,
      'iu',
    ),
    examples: [
      { text: 'Ines and I broke up', fires: true, value: 'ines' },
      { text: 'Ines and I met up', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.marriage-ended',
    pattern: new RegExp(
      String.raw`${START}my (?:marriage|relationship|engagement) (?:to|with) (\p{L}[\p{L}'-]+) (?:ended|is over|fell apart)`,
      'iu',
    ),
    examples: [
      { text: 'My marriage to Daniel ended', fires: true, value: 'daniel' },
      { text: 'My marriage to Daniel is great', fires: false },
    ],
  },
  {
    id: 'en.retract-fact.gave-up',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:finally |just )?(?:gave up|given up|quit|stopped) (?!(?:by|at|in|off|over|to|for)\b)([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:last|this|in|on|a|two|three|for|since|after|when|because|and|but)\b)`,
      'iu',
    ),
    examples: [
      { text: 'I gave up coffee', fires: true, value: 'coffee' },
      { text: 'I gave up on it', fires: false },
    ],
  },
];

/** Words of a taken-back habit that name nothing by themselves: "play tennis" is about tennis. */
export const HABIT_VERBS = new Set(
  (
    'a an the my any some play plays playing have has having do does doing eat eats eating drink drinks drinking go ' +
    'goes going use uses using like likes own owns take takes taking make get keep be being work live really ' +
    'much often every day week month year last this ago yesterday today anymore any more longer so that by at in ' +
    'on to for with from know think care remember understand feel mind want need they he she we you it weekend ' +
    'summer winter spring autumn fall holiday holidays vacation night morning evening time moment i up'
  ).split(' '),
);
