import { AFTER, AM, EMAIL, I, MY, NOW, TIMEZONE, WORDS } from 'src/language/en/slot-parts';
import {
  AGE_WORDS,
  ageInDigits,
  named,
  NOT_A_NAME,
  NOT_A_NICKNAME,
  plausibleAge,
  properName,
} from 'src/language/en/slot-words';
import type { SlotCue } from 'src/language/slot-cue';

/** English self-descriptions of who the user is: pronouns, e-mail, name, nickname, age, time zone, birthday. */
export const EN_IDENTITY_CUES: readonly SlotCue[] = [
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
    pattern: String.raw`(?:^|[.!;,]\s*)(?:so |and )?(?:please )?(?:use|write to|email me at) ${EMAIL} (?:instead|from now on|going forward|now)`,
    examples: [
      { text: 'Please use jo@fjord.no instead', value: 'jo@fjord.no' },
      { text: 'My account got hacked, so please use jo@fjord.no from now on', value: 'jo@fjord.no' },
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
  // in chat a nickname comes in lower case: "call me danny", "you can call me bex, nobody says rebecca"
  {
    id: 'en.slot.nickname.call-me-lower',
    slot: 'nickname',
    pattern: String.raw`(?:^|[.!;,]\s*)(?:(?:you|u) can |just |please |pls )?call me (\p{L}[\p{L}'-]+)(?=\s*(?:$|[.!,;]))`,
    accept: (value) => !NOT_A_NICKNAME.has(value.toLowerCase()),
    examples: [
      { text: 'call me danny', value: 'danny' },
      { text: 'you can call me bex, nobody says rebecca', value: 'bex' },
      { text: 'call me later', value: null },
      { text: 'call me crazy, but I like it', value: null },
      { text: 'call me when you land', value: null },
    ],
  },
  {
    id: 'en.slot.nickname.prefer-called',
    slot: 'nickname',
    pattern: String.raw`${I}(?:'d| would)? (?:prefer|like|want) (?:to be called|being called|(?:that )?you (?:to )?call me|people to call me|everyone to call me) ${WORDS}`,
    accept: properName,
    examples: [
      { text: "I'd prefer to be called Beth", value: 'Beth' },
      { text: 'I would like to be called back', value: null },
    ],
  },
  // "please address me as Wil from now on", "refer to me as Sam"
  {
    id: 'en.slot.nickname.address-me',
    slot: 'nickname',
    pattern: String.raw`(?:^|[.!;,]\s*|\b(?:please|pls|just|and|to)\s+)(?:address|refer to) me as ${WORDS}`,
    accept: properName,
    examples: [
      { text: 'Oh, and please address me as Wil from now on', value: 'Wil' },
      { text: 'Please address me as a customer', value: null },
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
  // "so I'm on Singapore time now": a place's time, said with "time"
  {
    id: 'en.slot.timezone.place-time',
    slot: 'timezone',
    pattern: String.raw`${I}${AM} (?:now )?on ((?:new |los |san |hong |kuala |buenos )?\p{L}[\p{L}-]{2,30}) time\b`,
    accept: (value) => /^\p{Lu}/u.test(value) && !/^(?:the|my|a|an|your|our)$/iu.test(value),
    examples: [
      { text: "so I'm on Singapore time now", value: 'Singapore' },
      { text: "I'm on time", value: null },
      { text: "I'm on my time", value: null },
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
  // "bday is in march fyi", "birthday's on 3 June": the subject dropped, the value a date
  {
    id: 'en.slot.birthday.dropped-my',
    slot: 'birthday',
    pattern: String.raw`(?:^|[.!;:]\s*)(?:birthday|bday|b-day)(?: is|'s) (?:in |on |the )?((?:\d{1,2}(?:st|nd|rd|th)?(?: of)? )?(?:january|february|march|april|may|june|july|august|september|october|november|december)(?: \d{1,2}(?:st|nd|rd|th)?)?)\b`,
    examples: [
      { text: 'bday is in march fyi', value: 'march' },
      { text: "Birthday's on 3 June", value: '3 June' },
      { text: "My sister's birthday is in March", value: null },
      { text: 'birthday is a big deal here', value: null },
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
];
