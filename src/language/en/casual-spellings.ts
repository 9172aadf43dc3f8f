/**
 * Chat spellings of English words, folded to the written form before any pattern reads a clause ("im vegetarian",
 * "dont call me bob", "can u delete my age"): the normalise stage (src/memory/write/normalise.ts) swaps whole words
 * of an English text, keeping the marks after them. Only spellings that mean one thing: "ill", "id", "wont" and "ur"
 * are words or ambiguous, so they stay.
 */
export const EN_CASUAL_SPELLINGS: Readonly<Record<string, string>> = {
  i: 'I',
  im: "I'm",
  ive: "I've",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  havent: "haven't",
  hasnt: "hasn't",
  thats: "that's",
  whats: "what's",
  youre: "you're",
  u: 'you',
  pls: 'please',
  plz: 'please',
  bday: 'birthday',
  'b-day': 'birthday',
  "bday's": "birthday's",
  rn: 'right now',
  yrs: 'years',
  tmrw: 'tomorrow',
  cuz: 'because',
};

/** Examples the language tables spec runs: a chat text and what the normalise stage makes of it. */
export const EN_CASUAL_EXAMPLES: readonly (readonly [string, string])[] = [
  ['im vegetarian', "I'm vegetarian"],
  ['can u delete my age?', 'can you delete my age?'],
  ['i dont work there, pls forget it', "I don't work there, please forget it"],
  ["bday's on 21 october", "birthday's on 21 october"],
];
