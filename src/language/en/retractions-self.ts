import { ANYMORE, EMAIL, START, VALUE } from 'src/language/cue-parts';
import type { RetractionCue } from 'src/language/retraction-cue';

/** English ways of taking back a home, a name, an address or a language: "I don't live in Leeds anymore". */
export const EN_SELF_RETRACTION_CUES: readonly RetractionCue[] = [
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
    id: 'en.retract.nickname.nobody-calls',
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}(?:nobody|no one|noone) calls me ${VALUE}`, 'iu'),
    examples: [
      { text: 'Nobody calls me Red anymore', fires: true, value: 'red' },
      { text: 'Nobody calls me back', fires: false },
    ],
  },
  {
    id: 'en.retract.nickname.nobody-calls-anymore',
    slot: 'nickname',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(?:nobody|no one|noone) calls me (\p{L}[\p{L}'-]*) (?:anymore|any more|these days|nowadays)\b`,
      'iu',
    ),
    examples: [
      { text: 'nobody calls me teo anymore', fires: true, value: 'teo' },
      { text: 'nobody calls me back anymore', fires: true, value: 'back' },
      { text: 'nobody calls me back', fires: false },
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
  // "I've moved on from Acme": a workplace or a town, whichever held it
  {
    id: 'en.retract.employer.moved-on',
    slot: 'employer',
    orSlot: 'location',
    pattern: new RegExp(String.raw`${START}(?:i|we)(?:'ve| have)? (?:moved on|walked away) from ${VALUE}`, 'iu'),
    examples: [
      { text: "I've moved on from Acme", fires: true, value: 'acme' },
      { text: "I've moved on from the idea", fires: false },
    ],
  },
  // occupation
  // "I quit being a lifeguard"
  // "I stopped teaching": the work that names the job
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
  // "please stop using the nickname Mags", "drop the kiki nickname"
  {
    id: 'en.retract.nickname.stop-using',
    slot: 'nickname',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(?:please )?(?:stop using|don't use|do not use|dont use|drop|ditch|forget|lose) (?:the |my )?nickname ${VALUE}`,
      'iu',
    ),
    examples: [
      { text: 'Please stop using the nickname Mags and forget it', fires: true, value: 'mags' },
      { text: 'Please stop using the printer', fires: false },
    ],
  },
  {
    id: 'en.retract.nickname.drop-the',
    slot: 'nickname',
    anyCase: true,
    pattern: new RegExp(
      String.raw`${START}(?:please )?(?:stop using|drop|ditch|forget|lose) (?:the |my |that )?(\p{L}[\p{L}'-]*) nickname\b`,
      'iu',
    ),
    examples: [
      { text: 'drop the kiki nickname, i hate it now', fires: true, value: 'kiki' },
      { text: 'drop the kids at school', fires: false },
    ],
  },
  // "I retired last year": the job is what ends
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
