import { trimEndChars } from 'src/common/trim-chars';

export type GuardResult = { ok: true } | { ok: false; reason: string };

const WH = 'what|who|whom|whose|where|when|why|which|how';
const AUX = 'is|are|was|were|do|does|did|can|could|would|will|should|shall|has|have|had|am|may|might';
const NEGATED_AUX = "isn't|aren't|don't|doesn't|didn't|can't|won't";
// Without a question mark only a pronoun makes "Had/Was/Is ..." a question: "Had the kickoff on Monday" and "Was the
// captain of the chess team" are notes with a dropped subject, "is it done" and "did you save it" are questions.
const PRONOUN = "you|i|we|they|he|she|it|there|this|that|your|the user|user|anyone|someone|somebody|i'm|you're";
const QUESTION_START = new RegExp(
  [
    // "what is", "where do", "who's", "how many" (but not "what I love is ...")
    String.raw`^(${WH})('s|'re|'d|'ll| (${AUX}|much|many|long|old|often|far|about))\b`,
    // "which city is", "what time does" (a question word, its noun, then the verb)
    String.raw`^(which|what|whose) [\p{L}-]+ (${AUX})\b`,
    // "do you know", "is it", "can I", "have we"
    String.raw`^(${AUX}|${NEGATED_AUX}) (${PRONOUN})\b`,
    String.raw`^(any idea|i wonder|wondering|tell me (what|who|where|when|why|how|if|whether))\b`,
  ].join('|'),
  'u',
);

const NOISE_WORDS = new Set(
  (
    'ok okay okey k kk okie alright aight fine sure yes yeah yep yup ya yea no nope nah hi hii hey hello hiya howdy yo ' +
    'bye goodbye cya later thanks thank thx ty tysm cheers lol lmao rofl haha hahaha hehe hmm hm hmmm mhm uh um umm ' +
    'oh ah wow cool nice great awesome gotcha got it good morning afternoon evening night you a lot very much so ' +
    'sounds np worries problem welcome right true indeed agreed noted done same wait what idk ikr omg brb ttyl gn gm ' +
    "take care see ya too here stay safe me that's thats all for now talk speak chat soon catch again then till " +
    'next time ttfn test testing asdf qwerty lorem ipsum foo bar baz dummy'
  ).split(' '),
);

const PLACEHOLDER =
  String.raw`(unknown|unkown|not (set|provided|specified|given|available|known|applicable|mentioned|stated)|(i'm |i am )?not sure|n/?a|` +
  String.raw`none(?: (?:mentioned|given|stated|provided|specified|known|found))?|null|nil|undefined|tbd|tba|tbc|empty|blank|missing|no idea|unsure|i (don't|do not) know|idk)`;
const PLACEHOLDER_VALUE = new RegExp(
  [
    // an extractor's "nothing found": "User did not share any personal information"
    String.raw`^(the )?user (did not|didn't|has not|hasn't|does not|doesn't) (share|mention|provide|give|reveal|disclose|state|specify|say) (any|anything|their|his|her)\b`,
    // thinking aloud: "Hmm, let me think about it", "I'll get back to you"
    String.raw`^(hmm+,? )?(let me|i'll|i will|i need to|gonna) (think (about|on) it|sleep on it|check|get back to you)\b`,
    // a template's slot left unfilled: "User's name is [NAME]", "{{name}}", "Lives in <location>"
    String.raw`\[[a-z_ ]{2,30}\]|\{\{\s*[a-z_]{1,30}\s*\}\}|<(?:[a-z]+[_ -]){0,3}(?:name|city|location|country|employer|company|job|occupation|e-?mail|age|date|phone|address|value|placeholder|nickname|pronouns|time ?zone|language|birthday|title|role|school|username|handle)(?:[_ -][a-z]+){0,3}>`,
    // an extractor's "nothing found": "No relevant information about the user.", "Nothing to note"
    String.raw`^(there is |there's )?(no|nothing) (new |relevant |useful |additional |personal |further |notable |other )*(information|info|details|facts|data|memories|preferences|to (note|remember|store|save|add))\b`,
    String.raw`^${PLACEHOLDER}$`,
    String.raw`[:=]\s*(${PLACEHOLDER}|\?+|-+)$`,
    String.raw`\b(is|are|was|were|remains|still)\s+${PLACEHOLDER}$`,
    String.raw`\b(not (set|provided|specified|given|known|available)|unknown)$`,
  ].join('|'),
  'u',
);

// an assistant's courtesy, which says nothing about anyone: "Sure! I'd be glad to help", "Great question!"
const PLEASANTRY = new RegExp(
  String.raw`^(?:sure(?: thing)?|of course|absolutely|certainly|definitely|no problem|no worries|great question|good question|` +
    String.raw`(?:you're|you are) (?:very |so |most )?welcome|my pleasure|any ?time|(?:i'm |i am |i'd be |i would be )?(?:so |very |more than )?(?:happy|glad|delighted) (?:to help|i could help|to assist)|` +
    String.raw`glad (?:i could|to) help|i can (?:help|do that|take care of that|assist)|let me know if [^.!?]*|here's what i found|here you go|` +
    String.raw`hope (?:this|that) helps|(?:is there )?anything else[^.!?]*|(?:that's a )?great idea|thanks for asking|i understand)` +
    String.raw`(?: with (?:that|this|it)| for you| anytime| again)?$`,
  'u',
);

/** Whether every part of `text` (lower-cased, simplified) is an assistant's courtesy or filler. */
function isPleasantry(text: string): boolean {
  const parts = text
    .split(/[.!?,;]+\s*/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

  return (
    parts.length > 0 &&
    parts.some((part) => PLEASANTRY.test(part)) &&
    parts.every((part) => PLEASANTRY.test(part) || looksLikeNoise(part))
  );
}

const STOPWORDS = new Set(
  (
    'i me my mine am is are was were be been being a an the and or but of to in on at it its this that these those ' +
    'you your we our us he she him her they them their do does did not no so very just really also too there here ' +
    'what who which when where how why with for from as by if then than has have had will would can could should all some any'
  ).split(' '),
);

const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/n't\b/gu, ' not'],
  [/'m\b/gu, ' am'],
  [/'re\b/gu, ' are'],
  [/'s\b/gu, ' is'],
  [/'ve\b/gu, ' have'],
  [/'ll\b/gu, ' will'],
  [/'d\b/gu, ' would'],
];

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

function simplify(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/[’‘`]/gu, "'").replace(/\s+/gu, ' ').trim();
}

function words(text: string): string[] {
  let expanded = text;
  for (const [pattern, replacement] of CONTRACTIONS) {
    expanded = expanded.replace(pattern, replacement);
  }

  return expanded.match(/[\p{L}\p{N}][\p{L}\p{N}'/@.-]*/gu) ?? [];
}

function isQuestionSentence(sentence: string): boolean {
  const text = sentence.replace(/^(so|and|but|hey|ok|okay|well|um),? /u, '');

  return sentence.endsWith('?') || QUESTION_START.test(text);
}

/** The last text looksLikeQuestion read and its answer: the write path asks it of one text several times. */
let lastAsked: { content: string; question: boolean } | null = null;

/** True when every sentence is a question (or filler): "I moved to Lisbon. What about you?" still carries a fact. */
export function looksLikeQuestion(content: string): boolean {
  if (lastAsked?.content === content) {
    return lastAsked.question;
  }
  const question = everySentenceAsks(content);
  lastAsked = { content, question };

  return question;
}

function everySentenceAsks(content: string): boolean {
  const sentences = (simplify(content).match(/[^.!?]+[.!?]*/gu) ?? [])
    .map((sentence) => trimEndChars(sentence, /^[\s\p{Extended_Pictographic}]$/u).trim())
    .filter((sentence) => sentence.length > 0 && !looksLikeNoise(sentence));

  return sentences.length > 0 && sentences.every(isQuestionSentence);
}

// "haha", "hehe", "lolol", "hmm", "mmm", "ahh", "ohh", "uhh". Each branch matches one way only: the former
// "(ha|hm+|m+|...)+" split a run of m's every possible way (exponential on "hmmm...m!").
const INTERJECTION = /^(?:(?:h[ae])+h?|(?:lo)+l?|h?m+|[aou]+h+)$/u;

/** Greetings, acknowledgements, laughter, emoji or filler only (lower-cased, simplified text). */
export function looksLikeNoise(text: string): boolean {
  const letters = text.replace(/[^\p{L}\p{N}]/gu, '');
  if (letters.length === 0) {
    return true; // emoji-only, punctuation-only, whitespace-only
  }
  if (/^(.)\1+$/u.test(letters) || /^(.{2,3})\1{2,}$/u.test(letters)) {
    return true; // "aaaa", "hahaha", "lolol"
  }
  const tokens = text.split(/[^\p{L}\p{N}']+/u).filter((token) => token.length > 0);

  return tokens.every((token) => NOISE_WORDS.has(token) || INTERJECTION.test(token));
}

// an extractor's note with its subject dropped may have two words: "Is vegetarian", "Has diabetes", "Speaks Danish"
const NOTE_VERBS = new Set(
  (
    'is has likes loves hates dislikes prefers enjoys owns speaks plays uses drinks eats wears drives studies ' +
    'teaches avoids collects knits paints sings smokes runs swims cycles climbs surfs skis bakes cooks writes ' +
    'reads meditates volunteers'
  ).split(' '),
);

// what the user asks the assistant to do now: "Tell me a joke", "Please summarise the attached PDF for me"
const REQUEST = new RegExp(
  String.raw`^(?:(?:please|pls|can you|could you|would you)[,]?\s+)?(?:(?:tell|show|give|explain|summari[sz]e|translate|read|send|write|make|find|get|help) me\b|i (?:need|want) you to (?!remember|know|note|keep in mind)|` +
    String.raw`(?:summari[sz]e|translate|explain|rewrite|proofread|draft|generate|write up|paraphrase)\b[^.!?]{0,200}\bfor me[.!]?$)`,
  'u',
);
// a note on the conversation itself, which says nothing about anyone: "Conversation ended politely", "User laughed
// at the joke", "The user waved goodbye"
const CONVERSATION_NOTE = new RegExp(
  String.raw`^(?:(?:the )?(?:conversation|chat|session|exchange|discussion|dialogue) (?:ended|started|began|closed|finished|concluded|wrapped up|went (?:well|fine|smoothly))\b|` +
    String.raw`(?:the )?(?:user|human) (?:laughed|smiled|chuckled|giggled|waved|greeted (?:the )?(?:assistant|bot|ai)|thanked (?:the )?(?:assistant|bot|ai))\b)`,
  'u',
);
// a label note is short by nature: "Age: 34", "Employer: Siemens"
const LABEL_NOTE =
  /^(?:(?:the )?user(?:'s)? )?(?:name|nickname|age|location|city|employer|company|job|occupation|e-?mail|time ?zone|pronouns|birthday|language|phone(?: number)?|mobile|partner|spouse|diet)\s*[:=]\s*\S/u;

function isTooShort(text: string): boolean {
  const cjk = text.match(CJK)?.length ?? 0;
  if (cjk > 0) {
    return cjk < 4;
  }
  const tokens = words(text);
  const contentWords = tokens.filter((token) => token.length > 1 && !STOPWORDS.has(token) && !NOISE_WORDS.has(token));
  // "Is vegetarian", "Lactose intolerant": a note verb, or two words that both name something
  const note =
    tokens.length === 2 &&
    ((NOTE_VERBS.has(tokens[0] ?? '') && (tokens[1]?.length ?? 0) >= 3) ||
      (contentWords.length === 2 && contentWords.every((word) => word.length >= 4)));

  return !LABEL_NOTE.test(text) && (text.length < 6 || (tokens.length < 3 && !note) || contentWords.length === 0);
}

export interface FirewallOptions {
  /** An explicit "remember this" from the user may be terse ("Prefers tabs"); it is still never a question or noise. */
  allowShort?: boolean;
}

/** Write-path firewall: keeps questions, chatter and empty values out of the memory store. */
export function guardFact(content: string, options: FirewallOptions = {}): GuardResult {
  const text = simplify(content);
  if (text.length === 0) {
    return { ok: false, reason: 'rejected: empty content' };
  }
  if (looksLikeNoise(text)) {
    return { ok: false, reason: 'rejected: noise (greeting, acknowledgement, emoji or filler), not a fact' };
  }
  if (PLACEHOLDER_VALUE.test(trimEndChars(text, /^[.!]$/u))) {
    return { ok: false, reason: 'rejected: placeholder value (unknown / not provided / N/A)' };
  }
  if (isPleasantry(text)) {
    return { ok: false, reason: 'rejected: a courtesy (sure, happy to help, you are welcome), not a fact' };
  }
  if (looksLikeQuestion(content)) {
    return { ok: false, reason: 'rejected: looks like a question, not a fact' };
  }
  if (REQUEST.test(text)) {
    return { ok: false, reason: 'rejected: a request to the assistant, not a fact' };
  }
  if (CONVERSATION_NOTE.test(text)) {
    return { ok: false, reason: 'rejected: a note on the conversation itself, not a fact' };
  }
  if (!options.allowShort && isTooShort(text)) {
    return { ok: false, reason: 'rejected: too short to be a useful fact' };
  }

  return { ok: true };
}
