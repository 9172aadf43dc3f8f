/**
 * A memory as an agent should read it in its prompt: what the user said of themselves ("I live in Denver.") reads as
 * the assistant speaking, so first-person words become "the user" ("The user lives in Denver."). Only the verb right
 * after "I" changes form (a few adverbs may stand between); everything else is kept as written. Hand-written rather
 * than an NLP library: the one conjugation needed is narrow, and this runs on every line of every context.
 */

/** The forms that do not take a plain -s. */
const IRREGULAR: Readonly<Record<string, string>> = {
  am: 'is',
  have: 'has',
  do: 'does',
  go: 'goes',
  "don't": "doesn't",
  "haven't": "hasn't",
  "i'm": 'is',
  "i've": 'has',
  "i'll": 'will',
  "i'd": 'would',
  were: 'was',
  "weren't": "wasn't",
};
/** Words after "I" that stay as they are: modals, past forms and negated past or modal forms. */
const UNCHANGED = new Set(
  (
    "can could will would shall should may might must was wasn't didn't can't couldn't won't wouldn't shouldn't " +
    'had went got did left made took came saw bought sold met ran began became grew knew thought felt kept lost ' +
    'found gave told said paid built spent sent wrote drove ate drank broke chose fell flew forgot heard held led ' +
    'meant rode rose sat slept spoke stood swam taught threw understood woke won wore quit set put cut hurt let ' +
    'shut became brought caught fought sought stuck struck swung hung dug'
  ).split(' '),
);
/** Adverbs that may stand between "I" and its verb. */
const BETWEEN = new Set(
  'also always never often still just now only even usually sometimes mostly rarely already currently recently'.split(
    ' ',
  ),
);

const WORD = /^[a-z']+$/;

function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = IRREGULAR[lower];
  if (irregular !== undefined) {
    return irregular;
  }
  if (UNCHANGED.has(lower) || !WORD.test(lower) || lower.endsWith('ed') || lower.includes("'")) {
    return verb;
  }
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) {
    return `${verb}es`;
  }

  return /[^aeiou]y$/.test(lower) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
}

/** "I'm", "I've", "I'll", "I'd" (straight or curly apostrophe) as one word. */
const CONTRACTED = /^I['\u2019](m|ve|ll|d)$/i;

/** The English first person turned into "the user"; text without it comes back as it was. */
export function toThirdPerson(text: string): string {
  if (!/\b(?:I|me|my|mine|myself)\b|\bI['\u2019]/i.test(text)) {
    return text;
  }
  const tokens = text.split(/(\s+)/);
  const out: string[] = [];
  let sentenceStart = true;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (/^\s+$/.test(token) || token.length === 0) {
      out.push(token);
      continue;
    }
    const match = /^([("'\u201c]*)([A-Za-z'\u2019]+)(.*)$/su.exec(token);
    const core = match?.[2] ?? '';
    const lead = match?.[1] ?? '';
    const tail = match?.[3] ?? token;
    const subject = sentenceStart && lead === '' ? 'The user' : 'the user';
    if (match && (/^i$/i.test(core) || CONTRACTED.test(core))) {
      const contracted = CONTRACTED.exec(core);
      if (contracted) {
        out.push(`${lead}${subject} ${IRREGULAR[`i'${contracted[1]!.toLowerCase()}`]}${tail}`);
      } else {
        out.push(`${lead}${subject}${tail}`);
        conjugateNext(tokens, i, tail);
      }
    } else if (match && /^(?:my|mine)$/i.test(core)) {
      out.push(`${lead}${subject}'s${tail}`);
    } else if (match && /^me$/i.test(core)) {
      out.push(`${lead}the user${tail}`);
    } else if (match && /^myself$/i.test(core)) {
      out.push(`${lead}themselves${tail}`);
    } else {
      out.push(token);
    }
    sentenceStart = /[.!?:]["')\u201d]*$/.test(token);
  }

  return out.join('');
}

/** Turns the verb after the "I" at `index` (skipping adverbs) into its third-person form, in place. */
function conjugateNext(tokens: string[], index: number, tail: string): void {
  if (tail.length > 0) {
    return;
  }
  for (let j = index + 2; j < tokens.length; j += 2) {
    const match = /^([A-Za-z'\u2019]+)(.*)$/su.exec(tokens[j]!);
    if (!match) {
      return;
    }
    const word = match[1]!.replace('\u2019', "'");
    if (BETWEEN.has(word.toLowerCase()) || /ly$/i.test(word)) {
      if (match[2]!.length > 0) {
        return;
      }
      continue;
    }
    tokens[j] = `${thirdPersonVerb(word)}${match[2]}`;

    return;
  }
}
