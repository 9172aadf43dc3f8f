import { forgetRequests } from 'src/language/en/forget-requests';
import { FILLER, I } from 'src/language/en/lead-words';
import { regexPattern, valueCleaner, withArticle } from 'src/language/pattern-table';
import type { ExtractionPattern, LanguageTable } from 'src/language/pattern-table';
import { detectEnglishSlot } from 'src/language/slots';
import type { SlotName } from 'src/language/slots';

const CLAUSE_WORDS = ['but', 'because', 'since', 'although', 'though', 'except', 'unless', 'so that', 'lol', 'haha'];
/** Objects that point back at the conversation instead of naming something the user likes. */
const NOT_A_VALUE = new Set(
  'it that this these those you them him her me us when how what if which whatever everything nothing anything something to'.split(
    ' ',
  ),
);
const cleanWords = valueCleaner({ clauseWords: CLAUSE_WORDS, notAValue: NOT_A_VALUE, maxWords: 10 });
// "I love the beach" names something; "I hate the fact that ..." and "I like the idea" do not
const NOT_A_THING = /^the (?:way|fact|idea|thought|feeling|sound|look|one|ones|same|rest|point|part|moment|time)\b/iu;
const cleanPreference = (raw: string): string | null => {
  const value = cleanWords(raw);

  return value === null || NOT_A_THING.test(value) ? null : value;
};

/**
 * Self-descriptions reuse the write path's own English slot rules (src/language/slots.ts), so what extraction
 * stores and what `remember` recognises as a slot can never disagree.
 */
const slots: ExtractionPattern = {
  id: 'en.slot',
  kind: 'slot',
  match(text) {
    const found = detectEnglishSlot(text);

    return found ? { value: found.value, slot: found.slot } : null;
  },
  examples: [
    { text: 'My name is Anders Jensen', value: 'Anders Jensen', slot: 'name' },
    { text: "Hi, I'm Maria", value: 'Maria', slot: 'name' },
    { text: "I'm 34 years old", value: '34', slot: 'age' },
    { text: 'I just turned 41', value: '41', slot: 'age' },
    { text: 'I live in Copenhagen', value: 'Copenhagen', slot: 'location' },
    { text: "I've moved to Lisbon", value: 'Lisbon', slot: 'location' },
    { text: 'My timezone is CET', value: 'CET', slot: 'timezone' },
    { text: "I'm on UTC+2", value: 'UTC+2', slot: 'timezone' },
    { text: 'I work at Novo Nordisk', value: 'Novo Nordisk', slot: 'employer' },
    { text: "I'm a software engineer", value: 'software engineer', slot: 'occupation' },
    { text: 'I work as a nurse', value: 'nurse', slot: 'occupation' },
    { text: 'My sister lives in Berlin', value: null },
    { text: 'Bob said I live in Paris', value: null },
    { text: 'Where do you live?', value: null },
  ],
};

const preference = regexPattern({
  id: 'en.preference.verb',
  kind: 'preference',
  pattern: new RegExp(
    String.raw`${I}(?:'d| would)? (?:really |absolutely |truly |much |generally |always |still |kind of |totally )*` +
      String.raw`(?<verb>prefer|love|like|enjoy|adore|hate|dislike|detest|can't stand|cannot stand|don't like|do not like) ` +
      String.raw`(?<v>.+)$`,
    'u',
  ),
  clean: cleanPreference,
  examples: [
    { text: 'I prefer tabs over spaces', value: 'tabs over spaces' },
    { text: 'I really love sushi', value: 'sushi' },
    { text: "I can't stand cilantro, because it tastes like soap", value: 'cilantro' },
    { text: "And I don't like meetings before 10", value: 'meetings before 10' },
    { text: 'I hate it when that happens', value: null },
    { text: 'I prefer the window seat when I fly', value: 'the window seat when I fly' },
    { text: 'I like the idea', value: null },
    { text: 'I love you', value: null },
    { text: 'My brother loves football', value: null },
  ],
});

/** How the user likes the assistant to do things: "I like it when you explain things with analogies". */
const MAX_MANNER_WORDS = 16;
const cleanManner = (raw: string): string | null => {
  const value = raw.trim().replace(/[.!]+$/u, '');

  return value.split(/\s+/u).length <= MAX_MANNER_WORDS ? value : null;
};

const whenYou = regexPattern({
  id: 'en.preference.when-you',
  kind: 'preference',
  pattern: new RegExp(
    String.raw`${I}(?:'d| would)? (?:really |much |generally |always |kind of |definitely )*` +
      String.raw`(?<verb>prefer|like|love|appreciate) (?<v>(?:it )?when you [^?]+)$`,
    'u',
  ),
  clean: cleanManner,
  examples: [
    { text: 'I like it when you explain things with analogies', value: 'it when you explain things with analogies' },
    { text: 'So I prefer when you show me an example first.', value: 'when you show me an example first' },
    { text: 'My boss likes it when you cc him', value: null },
  ],
});

const favourite = regexPattern({
  id: 'en.preference.favourite',
  kind: 'preference',
  pattern:
    /^(?:and |also |btw |actually,? |correction:? |update:? )?my (?<verb>(?:all-time |absolute )?favou?rite [\p{L}\p{N} -]{2,30}?) (?:is|are) (?<v>.+)$/u,
  clean: cleanPreference,
  examples: [
    { text: 'My favourite band is Radiohead', value: 'Radiohead' },
    { text: 'my favorite food is pad thai', value: 'pad thai' },
    { text: 'Actually my favourite colour is blue', value: 'blue' },
    { text: "My mom's favourite band is ABBA", value: null },
  ],
});

const remember = regexPattern({
  id: 'en.remember',
  kind: 'remember',
  pattern: new RegExp(
    String.raw`^${FILLER}(?:remember|don't forget|do not forget|keep in mind|note)` +
      String.raw`(?:(?: that)?[:,]?\s+|\s*:\s*)(?!(?:to|when|how|what|why|where|if|whether|me|you|him|her|it|this|us)\b)(?<v>.{3,})$`,
    'u',
  ),
  examples: [
    { text: 'Remember that my daughter is allergic to peanuts', value: 'my daughter is allergic to peanuts' },
    { text: 'please remember: the staging server is at 10.0.0.4', value: 'the staging server is at 10.0.0.4' },
    { text: "Don't forget that I fly to Oslo on Friday", value: 'I fly to Oslo on Friday' },
    { text: 'Remember my wife is called Eva', value: 'my wife is called Eva' },
    { text: 'Remember to drink water', value: null },
    { text: 'Do you remember what I said?', value: null },
    { text: 'I remember that day', value: null },
  ],
});

const forget = regexPattern({
  id: 'en.forget',
  kind: 'forget',
  pattern: new RegExp(
    String.raw`^${FILLER}(?:forget (?:that |about |what i said about |everything about |the fact that |(?:that )?i (?:ever )?(?:mentioned|said|told you)(?: about)? )?|` +
      // "delete my old address": only what is the user's is a request to forget ("remove the cheese" is not)
      String.raw`(?:delete|remove|erase|wipe|scrap|scratch) (?=(?:my|what i|everything about me)\b))` +
      String.raw`(?!(?:it|that|this|about it|to|him|her|them|you)\s*[.!]?$)(?<v>.{3,})$`,
    'u',
  ),
  examples: [
    { text: 'Forget that I live in Berlin', value: 'I live in Berlin' },
    { text: 'please forget my phone number', value: 'my phone number' },
    { text: 'Actually, forget that Alma is allergic to peanuts', value: 'Alma is allergic to peanuts' },
    { text: 'Forget about the Postgres decision', value: 'the Postgres decision' },
    { text: 'Please delete my old phone number', value: 'my old phone number' },
    { text: 'eh forget i mentioned Deloitte', value: 'Deloitte' },
    { text: 'scrap my email from your memory', value: 'my email from your memory' },
    { text: 'Scratch that idea', value: null },
    { text: 'Remove the cheese from the list', value: null },
    { text: 'forget it', value: null },
    { text: "Don't forget the milk", value: null },
    { text: 'I always forget my keys', value: null },
  ],
});

/** What a person is that an agent must keep in mind: diets, allergies, intolerances, conditions. Kept as said. */
const trait = regexPattern({
  id: 'en.trait',
  kind: 'trait',
  pattern: new RegExp(
    String.raw`${I}(?:'m| am) (?:a |an )?(?:strict |lifelong |severely |very |really |mildly )?` +
      String.raw`(?<v>(?:vegetarian|vegan|pescatarian|pescetarian|teetotal|sober|diabetic|coeliac|celiac|epileptic|` +
      String.raw`asthmatic|colou?r-?blind|left-handed|pregnant|hard of hearing|deaf|blind|dyslexic|autistic|` +
      String.raw`(?:lactose|gluten) intolerant|(?:allergic|intolerant) to (?!(?:it|them|that|this|those|these|something)\b)[\p{L}\p{N} ,'-]{2,60}))` +
      String.raw`(?=$|[.,!;]|\s+(?:now|too|btw|by the way|and|but|so))`,
    'u',
  ),
  examples: [
    { text: "I'm vegetarian", value: 'vegetarian' },
    { text: "I'm allergic to peanuts and shellfish", value: 'allergic to peanuts and shellfish' },
    { text: 'I am lactose intolerant', value: 'lactose intolerant' },
    { text: 'My son is allergic to peanuts', value: null },
    { text: "I'm allergic to them", value: null },
  ],
});

// "I have a question" or "I have to go" is no fact about the user
const NOT_A_POSSESSION =
  'question|questions|idea|problem|problems|issue|meeting|call|feeling|doubt|suggestion|favou?r|minute|moment|second|' +
  'bit|lot|few|couple|look|chance|clue|go|try|point|thought|thoughts|request|update|plan|quick|good|bad|great|hard|' +
  'long|busy|lovely|nice|deadline|headache|cold';
/** Facts about the user's life an agent should keep: family and partners, pets and things, clubs, habits. */
const personal: ExtractionPattern[] = [
  {
    id: 'en.personal.partner',
    source: String.raw`${I}(?:'m| am) (?:married|engaged) to (?<v>\p{L}[\p{L}'-]*)`,
    examples: [
      { text: "I'm married to Daniel", value: 'Daniel' },
      { text: 'My sister is married to Tom', value: null },
    ],
  },
  {
    id: 'en.personal.family',
    source: String.raw`^(?:and |also |btw )?my (?:wife|husband|partner|girlfriend|boyfriend|fiancée?|son|daughter|kid|child|mum|mom|mother|dad|father|brother|sister|dog|cat|horse|parrot|rabbit)(?:'s name is| is (?:called|named)) (?<v>\p{L}[\p{L}'-]*)`,
    examples: [
      { text: 'My girlfriend is called Ines', value: 'Ines' },
      { text: 'My friend is called Bo', value: null },
    ],
  },
  {
    id: 'en.personal.possession',
    source: String.raw`${I} (?:have|own|drive|ride) (?:a|an|two|three|four|\d+) (?!(?:${NOT_A_POSSESSION})\b)(?<v>[\p{L}\p{N}' -]{2,40}?)(?=$|[.,!;]| (?:and|but|so|which|that)\b)`,
    examples: [
      { text: 'I have a cat named Mochi', value: 'cat named Mochi' },
      { text: 'I drive a red Vespa', value: 'red Vespa' },
      { text: 'I have a question', value: null },
      { text: 'I have to go', value: null },
    ],
  },
  {
    id: 'en.personal.member',
    source: String.raw`${I}(?:(?:'m| am) (?:in|part of|a member of)|(?: play| sing|drum)(?: [\p{L}]+)? in) (?:a|an|the) (?<v>(?:[\p{L}\p{N}'-]+ ){0,3}(?:club|band|team|choir|group|league|gym|society|orchestra|union|crew))\b`,
    examples: [
      { text: "I'm in a book club that meets on Thursdays", value: 'book club' },
      { text: "I'm in a hurry", value: null },
    ],
  },
  {
    id: 'en.personal.habit',
    source: String.raw`${I} (?:usually |always |often |regularly )?(?<v>(?:smoke|vape|run|swim|cycle|bike|jog|meditate|climb|surf|knit|paint|volunteer|play [\p{L}]+)(?: [\p{L}\p{N}' -]{1,40}?)? (?:every|each|twice a|once a|three times a) (?:day|morning|evening|night|week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b`,
    examples: [
      { text: 'I run every morning before work', value: 'run every morning' },
      { text: 'I play tennis twice a week', value: 'play tennis twice a week' },
      { text: 'I ran a marathon once', value: null },
    ],
  },
  // a condition an agent must keep in mind, said as one the user has
  {
    id: 'en.personal.condition',
    source: String.raw`${I}(?: have|'ve got| have got| suffer from| live with) (?:a |an )?(?:mild |severe |chronic |bad )?(?<v>asthma|diabetes|type [12] diabetes|epilepsy|adhd|autism|dyslexia|migraines?|arthritis|coeliac disease|celiac disease|crohn's(?: disease)?|ibs|hypertension|high blood pressure|(?:nut|peanut|tree nut|shellfish|fish|egg|milk|gluten|pollen|penicillin) allergy|tinnitus|psoriasis|eczema|endometriosis|pcos|depression|anxiety|long covid|multiple sclerosis|heart condition|sleep apnoea|sleep apnea|lupus|fibromyalgia)(?=$|[.,!;]| (?:and|but|so|since|too)\b)`,
    examples: [
      { text: 'I have asthma.', value: 'asthma' },
      { text: "I've got a peanut allergy, so no satay", value: 'peanut allergy' },
      { text: 'My son has asthma', value: null },
      { text: 'I have a question about asthma', value: null },
    ],
  },
  {
    id: 'en.personal.smoker',
    source: String.raw`${I} (?<v>smoke|vape|don't drink|do not drink|don't eat meat|do not eat meat)(?=$|[.,!;]| (?:about|around|a|every|but|and)\b)`,
    examples: [
      { text: 'I smoke about ten cigarettes a day', value: 'smoke' },
      { text: 'I smoked a cigar once', value: null },
    ],
  },
].map(({ id, source, examples }) => regexPattern({ id, kind: 'trait', pattern: new RegExp(source, 'u'), examples }));

const SLOT_SENTENCES: Readonly<Record<SlotName, (value: string) => string>> = {
  name: (v) => `My name is ${v}.`,
  nickname: (v) => `Please call me ${v}.`,
  age: (v) => `I am ${v} years old.`,
  location: (v) => `I live in ${v}.`,
  timezone: (v) => `My timezone is ${v}.`,
  employer: (v) => `I work at ${v}.`,
  occupation: (v) => `I work as ${withArticle(v)}.`,
  email: (v) => `My email is ${v}.`,
  birthday: (v) => `My birthday is ${v}.`,
  pronouns: (v) => `My pronouns are ${v}.`,
  language: (v) => `My preferred language is ${v}.`,
  phone: (v) => `My phone number is ${v}.`,
  partner: (v) => `My partner is ${v}.`,
  diet: (v) => `I am ${v}.`,
};

export const ENGLISH: LanguageTable = {
  language: 'en',
  patterns: [remember, forget, ...forgetRequests, slots, favourite, whenYou, preference, trait, ...personal],
  slotSentence: (slot, value) => SLOT_SENTENCES[slot](value),
  preferenceSentence: (verb, value) => (/favou?rite/u.test(verb) ? `My ${verb} is ${value}.` : `I ${verb} ${value}.`),
  // "my email", and in a reported or pointing request "their birthday", "the email address you have for me"
  slotMentions: {
    name: /\b(?:my|their) (?:full |first |last )?name\b/u,
    age: /\b(?:my|their) age\b|\bhow old i am\b/u,
    location:
      /\bwhere i(?: live| stay| am (?:staying|living|based)|'m (?:staying|living|based))\b|\b(?:my|their) (?:address|location|city|home town|hometown)\b/u,
    timezone: /\b(?:my|their|the) time ?zone\b/u,
    employer: /\bwhere i work\b|\b(?:my|their) (?:employer|company|workplace|job(?! title))\b/u,
    occupation:
      /\b(?:my|their) (?:job|occupation|profession|job title)\b|\bwhat i do(?: for (?:a living|work))?$|\bwhat i do for (?:a living|work)\b/u,
    email: /\b(?:my|their|the) e-?mail\b/u,
    nickname: /\b(?:my|their|the) nickname\b|\bwhat (?:you|people|everyone) call me\b/u,
    birthday: /\b(?:my|their) (?:birthday|date of birth)\b/u,
    phone: /\b(?:my|their|the) (?:(?:mobile |cell )?(?:phone|mobile|cell|telephone)(?: ?number)?|number)\b/u,
    partner: /\b(?:my|their) (?:husband|wife|partner|girlfriend|boyfriend|fianc[eé]e?|spouse)\b/u,
    diet: /\b(?:my|their) diet\b/u,
    pronouns: /\b(?:my|their) pronouns\b/u,
  },
  acknowledgements: [
    'ok',
    'okay',
    'thanks',
    'thank you',
    'thx',
    'ty',
    'got it',
    'cool',
    'great',
    'nice',
    'sure',
    'yes',
    'no',
    'yep',
    'nope',
    'fine',
    'perfect',
    'sounds good',
    'will do',
    'noted',
    'understood',
    'makes sense',
    'alright',
    'done',
    'ok thanks',
    'great thanks',
    'thanks a lot',
    'awesome',
    'lol',
    'haha',
    'hi',
    'hello',
    'hey',
    'bye',
    'good night',
  ],
};
