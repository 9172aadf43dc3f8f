import { textWords } from 'src/common/text-words';
import { MemoryType } from 'src/domain/memory.enums';
import { asFirstPerson, MAX_SLOT_TEXT, normalizeSlotValue } from 'src/memory/guards/slots';
import type { SlotName } from 'src/memory/guards/slots';

/**
 * Write-path policy beyond slots (issue 16): retractions, standing rules and short imperatives. Pure functions on
 * the content; the write path (write-screen.ts, memory-write.service.ts) decides what they do.
 */

export const CONSTRAINT_TAG = 'constraint';

/** A retraction names the slot it takes back, and the value when it says one ("I left Hooli"; "there": null). */
export interface Retraction {
  slot: SlotName;
  value: string | null;
  /** Another slot the value may be held in: "I left Madrid" ends an employer or a home, whichever said Madrid. */
  orSlot?: SlotName;
}

/** Slots whose values are written in lower case: for the rest a value must be a name ("I left my keys" is not). */
const LOWER_CASE_VALUES: ReadonlySet<SlotName> = new Set(['occupation', 'email', 'pronouns', 'language']);

// a value: up to four words, cut before a clause word ("I left Hooli last year" -> "Hooli")
const VALUE = String.raw`(there|[\p{L}\p{N}][\p{L}\p{N}'.&-]*(?: [\p{L}\p{N}][\p{L}\p{N}'.&-]*){0,3})`;
const VALUE_END =
  /\s+(?:anymore|any more|now|last|this|in|on|at|since|because|and|but|so|as|after|to|for|with|ikke|længere|mere|og|men|fordi|for|siden)\b.*$/iu;
const ANYMORE = String.raw`(?:anymore|any more|any longer|nowadays)`;
const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const START = String.raw`(?:^|[.!;,:—–]\s*|\b(?:since|as of|starting|siden|fra) [\p{L}\p{N}]+(?: [\p{L}\p{N}]+)?,?\s+|\b(?:and|but|so|actually|well|also|now|oh|og|men|så|faktisk)\s+)`;

const RETRACTIONS: ReadonlyArray<{ slot: SlotName; pattern: RegExp; orSlot?: SlotName }> = [
  // employer
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:(?:quit|left) my (?:job|position|role) (?:at|with)|quit|resigned from|stopped working (?:at|for)) ${VALUE}`,
      'iu',
    ),
  },
  {
    slot: 'employer',
    orSlot: 'location',
    pattern: new RegExp(String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?left ${VALUE}`, 'iu'),
  },
  {
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}my last day (?:at|with) ${VALUE}(?= (?:was|is)\b)`, 'iu'),
  },
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}(?:i'm |i am )?no longer (?:at|with|working (?:at|for)|employed (?:at|by)) ${VALUE}`,
      'iu',
    ),
  },
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i (?:got|was|have been|'ve been|just got|was just) (?:laid off|fired|let go|made redundant|sacked|dismissed)(?: (?:from|by|at) ${VALUE})?`,
      'iu',
    ),
  },
  // "Former employer: Stark Industries", "Ex-Deloitte", "I previously worked at Globex"
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`(?:^|[.!;]\s*)(?:my )?(?:former|previous|old|ex-?) ?(?:employer|company|workplace)\s*(?:[:=-]|is|was)\s*${VALUE}`,
      'iu',
    ),
  },
  { slot: 'employer', pattern: new RegExp(String.raw`(?:^|[.!;]\s*)[Ee]x-(\p{Lu}[\p{L}\p{N}&'.-]*)`, 'u') },
  {
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}i (?:previously|formerly|once) worked (?:at|for) ${VALUE}`, 'iu'),
  },
  // "I haven't worked at Nordea since 2019"
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i (?:haven't|have not) (?:worked|been working|been employed) (?:at|for) ${VALUE}`,
      'iu',
    ),
  },
  // "Ryanair and I parted ways"
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}${VALUE} and i (?:parted ways|parted company|went our separate ways|split up)`,
      'iu',
    ),
  },
  // "Ikea let me go", "Acme laid me off"
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}(?!(?:he|she|they|it|we|you|this|that|my|our|his|her|their)\b)${VALUE} (?:let me go|fired me|laid me off|made me redundant|sacked me)\b(?! (?:home|early|out|for)\b)`,
      'iu',
    ),
  },
  // no employer named: "I quit my job", "I lost my job", "I'm unemployed now"
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:quit|left|lost) my (?:job|position|role)(?! (?:at|with|as)\b)`,
      'iu',
    ),
  },
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:now |currently )?(?:unemployed|out of work|between jobs|jobless)\b`,
      'iu',
    ),
  },
  {
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not|dont) work (?:at|for) ${VALUE}`, 'iu'),
  },
  { slot: 'employer', pattern: new RegExp(String.raw`${START}i (?:don't|do not|dont) work (there) ${ANYMORE}`, 'iu') },
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:employed|working) (?:at|by|for|with) ${VALUE}`,
      'iu',
    ),
  },
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:at|with) ${VALUE}(?= ${ANYMORE}|$|[.,!;])`,
      'iu',
    ),
  },
  // location
  {
    slot: 'location',
    orSlot: 'timezone',
    pattern: new RegExp(String.raw`${START}i(?:'m| am) (?:no longer|not) in ${VALUE}(?= ${ANYMORE}|$|[.,!;])`, 'iu'),
  },
  { slot: 'location', pattern: new RegExp(String.raw`${START}i used to live in ${VALUE}`, 'iu') },
  { slot: 'location', pattern: new RegExp(String.raw`^(?:i'm |i am )?not (?:living|based) in ${VALUE}`, 'iu') },
  // "My time zone is no longer Europe/Berlin", "My nickname is no longer Bubba"
  { slot: 'timezone', pattern: new RegExp(String.raw`${START}my time ?zone is no longer (\S+)`, 'iu') },
  { slot: 'nickname', pattern: new RegExp(String.raw`${START}my nickname is no longer ${VALUE}`, 'iu') },
  {
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}i(?:'ve| have)? dropped (?:the |my )?nickname ${VALUE}`, 'iu'),
  },
  {
    slot: 'email',
    pattern: new RegExp(
      String.raw`(?<![\w.+-])(${EMAIL}) (?:is gone|is dead|is closed|is deleted|was closed|was deleted)`,
      'iu',
    ),
  },
  { slot: 'employer', pattern: new RegExp(String.raw`${START}i used to work (?:at|for) ${VALUE}`, 'iu') },
  {
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}(?:nobody|no one|noone) calls me ${VALUE}`, 'iu'),
  },
  {
    slot: 'pronouns',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not) use ([a-z]+/[a-z]+(?:/[a-z]+)?)`, 'iu'),
  },
  {
    slot: 'pronouns',
    pattern: new RegExp(
      String.raw`${START}my pronouns (?:aren't|are not|are no longer) ([a-z]+/[a-z]+(?:/[a-z]+)?)`,
      'iu',
    ),
  },
  {
    slot: 'language',
    pattern: new RegExp(
      String.raw`${START}(\p{L}+) is(?: not|n't| no longer) my (?:preferred|native|first|main|primary) language`,
      'iu',
    ),
  },
  {
    slot: 'location',
    pattern: new RegExp(String.raw`${START}i (?:haven't|have not) (?:lived|been living) (?:in )?${VALUE}`, 'iu'),
  },
  {
    slot: 'location',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not|dont) (?:live|reside) (?:in )?${VALUE}`, 'iu'),
  },
  {
    slot: 'location',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:living|based|located) (?:in )?${VALUE}`,
      'iu',
    ),
  },
  {
    slot: 'location',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:moved|relocated) (?:away )?(?:out of|away from|from) ${VALUE}`,
      'iu',
    ),
  },
  // occupation
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'m| am) (?:no longer|not) (?:working as )?an? ([\p{L}-]+(?: [\p{L}-]+)?)(?= ${ANYMORE}|$|[.,!;])`,
      'iu',
    ),
  },
  // "I quit being a lifeguard"
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:quit|stopped|gave up) being an? ([\p{L}-]+(?: [\p{L}-]+)?)`,
      'iu',
    ),
  },
  // "I stopped teaching": the work that names the job
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?(?:stopped|quit|gave up|given up|left) (?:teaching|nursing|lecturing|tutoring|practi[sc]ing (?:law|medicine)|freelancing|driving for a living)\b`,
      'iu',
    ),
  },
  {
    slot: 'nickname',
    pattern: new RegExp(String.raw`${START}i (?:don't|do not|dont|no longer) go by ${VALUE}`, 'iu'),
  },
  // nickname: "stop calling me Zee", "don't call me Zee any more"
  {
    slot: 'nickname',
    pattern: new RegExp(
      String.raw`${START}(?:please )?(?:stop calling me|don't call me|do not call me|dont call me) ${VALUE}`,
      'iu',
    ),
  },
  {
    slot: 'occupation',
    pattern: new RegExp(String.raw`${START}i used to be an? ([\p{L}-]+(?: [\p{L}-]+)?)(?=$|[.!;])`, 'iu'),
  },
  { slot: 'occupation', pattern: new RegExp(String.raw`${START}jeg var tidligere (?:en |et )?([\p{L}-]+)`, 'iu') },
  { slot: 'occupation', pattern: new RegExp(String.raw`${START}jeg er (?:gået|gaaet) på pension`, 'iu') },
  {
    slot: 'employer',
    pattern: new RegExp(String.raw`${START}${VALUE} er min (?:tidligere|gamle|forrige) arbejdsgiver`, 'iu'),
  },
  // "I retired last year": the job is what ends
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just |recently |finally )?retired(?=$|[ .,!;])(?! as\b)`,
      'iu',
    ),
  },
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i (?:used to be|was) an? ([\p{L}-]+(?: [\p{L}-]+)?),? but (?:not|no longer)`,
      'iu',
    ),
  },
  {
    slot: 'occupation',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not) work as an? ([\p{L}-]+(?: [\p{L}-]+)?)`, 'iu'),
  },
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:retired|quit|stopped working|(?:quit|left) my job) as an? ([\p{L}-]+(?: [\p{L}-]+)?)`,
      'iu',
    ),
  },
  // email: "x@y.org isn't mine anymore", "I no longer use x@y.org", "I deleted that email account"
  {
    slot: 'email',
    pattern: new RegExp(
      String.raw`(?<![\w.+-])(${EMAIL}) (?:is not|isn't|is no longer|isn't really) (?:mine|my (?:e-?mail|address))`,
      'iu',
    ),
  },
  {
    slot: 'email',
    pattern: new RegExp(String.raw`${START}i (?:no longer|don't|do not|dont) (?:use|have|check) (${EMAIL})`, 'iu'),
  },
  {
    slot: 'email',
    pattern: new RegExp(String.raw`(?<![\w.+-])(${EMAIL}) (?:doesn't|does not|no longer|won't|will not) work`, 'iu'),
  },
  {
    slot: 'email',
    pattern: new RegExp(
      String.raw`${START}i(?:'ve| have)? (?:just )?(?:deleted|closed|deactivated|shut down|stopped using|got rid of) (?:that|my|the) (?:old )?e-?mail(?: account| address)?`,
      'iu',
    ),
  },
  // Danish
  {
    slot: 'location',
    pattern: new RegExp(String.raw`${START}jeg bor (?:ikke længere|ikke mere|ikke) i ${VALUE}`, 'iu'),
  },
  { slot: 'location', pattern: new RegExp(String.raw`${START}jeg (?:er|har) flyttet (?:væk )?fra ${VALUE}`, 'iu') },
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}jeg (?:arbejder|er ansat|er) (?:ikke længere|ikke mere|ikke) (?:hos|for|ved|i) ${VALUE}`,
      'iu',
    ),
  },
  {
    slot: 'employer',
    pattern: new RegExp(
      String.raw`${START}jeg (?:har |er )?(?:sagt op hos|forladt|stoppet hos|stoppede hos|sagde op hos|holdt op hos|holdte op hos|fyret fra|blevet fyret fra) ${VALUE}`,
      'iu',
    ),
  },
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}jeg (?:er|arbejder) (?:ikke længere|ikke mere) (?:som )?(?:en |et )?([\p{L}-]+)`,
      'iu',
    ),
  },
  {
    slot: 'occupation',
    pattern: new RegExp(
      String.raw`${START}jeg (?:er|arbejder) ikke (?:som )?(?:en |et )?([\p{L}-]+) (?:længere|mere)\b`,
      'iu',
    ),
  },
];

/**
 * A negated slot statement ("I no longer work at X", "I don't live in Leeds anymore", "The user left Hooli", "Jeg
 * bor ikke længere i Aarhus"), or null. Third-person claims count as the first-person form does.
 */
export function detectRetraction(content: string): Retraction | null {
  const text = asFirstPerson(content.slice(0, MAX_SLOT_TEXT)).replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
  for (const { slot, pattern, orSlot } of RETRACTIONS) {
    const match = pattern.exec(text);
    if (match !== null) {
      // a retraction that names no value ("I quit my job") takes back whatever the slot holds
      const value = (match[1] ?? '').replace(VALUE_END, '').trim();
      if (/^(?:there|der)$/iu.test(value) || value.length === 0) {
        return { slot, value: null };
      }
      // "I left my keys at home": a place or an employer is a name
      if (!LOWER_CASE_VALUES.has(slot) && !/^\p{Lu}/u.test(value)) {
        continue;
      }

      return { slot, value: normalizeSlotValue(value, slot), ...(orSlot ? { orSlot } : {}) };
    }
  }

  return null;
}

// "I'm not vegetarian anymore", "I don't play tennis anymore", "I no longer smoke", "I gave up coffee": a habit or a
// trait the user takes back, of no slot. Group 1 is what ends.
const FACT_RETRACTIONS: readonly RegExp[] = [
  new RegExp(
    String.raw`${START}i(?:'m| am) (?:no longer|not) (?:an? )?([\p{L}\p{N}' -]{2,60}?) (?:anymore|any more|any longer)\b`,
    'iu',
  ),
  new RegExp(String.raw`${START}i(?:'m| am) no longer (?:an? )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`, 'iu'),
  new RegExp(
    String.raw`${START}i (?:don't|do not|dont) ([\p{L}\p{N}' -]{2,60}?) (?:anymore|any more|any longer)\b`,
    'iu',
  ),
  new RegExp(String.raw`${START}i no longer ([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`, 'iu'),
  // "I sold my Vespa", "I cancelled Netflix", "I used to play in The Loud Hours"
  new RegExp(
    String.raw`${START}i(?:'ve| have)? (?:just |finally )?(?:sold|cancelled|canceled|gave away|given away|got rid of|ended(?! up)|used to) (?!(?:it|them|that|this|those|these)\b)(?:my |our |the |their )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:last|this|for|since|after|when|because|but|and|membership|subscription)\b)`,
    'iu',
  ),
  // "Jonas is my ex-husband", "I'm a former member of the chess club", "The sailboat is gone"
  new RegExp(String.raw`${START}(\p{L}[\p{L}'-]+) is (?:now )?my ex\b`, 'iu'),
  new RegExp(
    String.raw`${START}i(?:'m| am) (?:now )?a former member of (?:the )?([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;])`,
    'iu',
  ),
  new RegExp(String.raw`(?:^|[.!;,]\s*)(?:the|my|our) ([\p{L}\p{N}' -]{2,40}?) (?:is|are) gone\b`, 'iu'),
  new RegExp(
    String.raw`${START}jeg er (?:ikke længere|ikke mere|ikke) ([\p{L}-]+)(?: mere| længere)?(?=$|[.,!;])`,
    'iu',
  ),
  // "Ines and I broke up", "My marriage to Daniel ended"
  new RegExp(String.raw`${START}(\p{L}[\p{L}'-]+) and i (?:broke up|split up|separated|divorced|got divorced)`, 'iu'),
  new RegExp(
    String.raw`${START}my (?:marriage|relationship|engagement) (?:to|with) (\p{L}[\p{L}'-]+) (?:ended|is over|fell apart)`,
    'iu',
  ),
  new RegExp(
    String.raw`${START}i(?:'ve| have)? (?:finally |just )?(?:gave up|given up|quit|stopped) (?!(?:by|at|in|off|over|to|for)\b)([\p{L}\p{N}' -]{2,60}?)(?=$|[.,!;]| (?:last|this|in|on|a|two|three|for|since|after|when|because|and|but)\b)`,
    'iu',
  ),
];
/** Words of a taken-back habit that name nothing by themselves: "play tennis" is about tennis. */
const HABIT_VERBS = new Set(
  (
    'a an the my any some play plays playing have has having do does doing eat eats eating drink drinks drinking go ' +
    'goes going use uses using like likes own owns take takes taking make get keep be being work live really ' +
    'much often every day week month year last this ago yesterday today anymore any more longer so that by at in ' +
    'on to for with from know think care remember understand feel mind want need they he she we you it weekend ' +
    'summer winter spring autumn fall holiday holidays vacation night morning evening time moment i up'
  ).split(' '),
);

/**
 * The words of a habit or trait the user takes back, or null: ["tennis"] for "I don't play tennis anymore". Memories
 * naming every one of them are what the statement ends (MemoryWriteService, among the write's nearest neighbours).
 */
export function detectFactRetraction(content: string): string[] | null {
  const text = asFirstPerson(content.slice(0, MAX_SLOT_TEXT)).replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
  for (const pattern of FACT_RETRACTIONS) {
    const what = pattern.exec(text)?.[1];
    const words = what === undefined ? [] : textWords(what).filter((word) => !HABIT_VERBS.has(word));
    if (words.length > 0 && words.length <= 4) {
      return words;
    }
  }

  return null;
}

/** Whether `content` names every word, each as a word or the start of one ("smoke" names "smokes"). */
export function namesAll(content: string, words: readonly string[]): boolean {
  const present = textWords(content);

  return words.every((word) => {
    // "smoking" names "smoke" and "smokes": the stem without its ending, when what is left is still a word's length
    const stem = word.replace(/(?:ing|ed|es|s|e)$/u, '');

    return present.some(
      (seen) =>
        seen === word ||
        seen === `${word}s` ||
        seen === `${word}es` ||
        (stem.length >= 4 && seen.startsWith(stem) && seen.length <= stem.length + 4),
    );
  });
}

/** A correction that names the old and the new value but not the slot: "I said Bristol but I meant Bath". */
export interface ValueSwap {
  from: string;
  to: string;
}

// one to three words; a dot only inside a word ("lena.k@x.org", not "Bosch.")
const SWAP_WORD = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}@+'-]|\.(?=[\p{L}\p{N}]))*`;
const SWAP_VALUE = String.raw`(${SWAP_WORD}(?: ${SWAP_WORD}){0,2})`;
const SWAP_VALUE_FIRST = String.raw`(${SWAP_WORD}(?: ${SWAP_WORD}){0,2}?)`;
const SWAPS: ReadonlyArray<{ pattern: RegExp; from: 1 | 2 }> = [
  {
    pattern: new RegExp(
      String.raw`\bi (?:said|wrote|typed|told you|put) ${SWAP_VALUE_FIRST},? (?:but )?i meant ${SWAP_VALUE}`,
      'iu',
    ),
    from: 1,
  },
  { pattern: new RegExp(String.raw`\bi meant ${SWAP_VALUE_FIRST},? not ${SWAP_VALUE}`, 'iu'), from: 2 },
  { pattern: new RegExp(String.raw`\b(?:it's|it is|its) ${SWAP_VALUE_FIRST},? not ${SWAP_VALUE}`, 'iu'), from: 2 },
  {
    pattern: new RegExp(
      String.raw`^${SWAP_VALUE}\?\s*no[,.!]?\s*(?:it's |it is |i mean |i meant )?${SWAP_VALUE}`,
      'iu',
    ),
    from: 1,
  },
];

/** The old and the new value of a correction that does not say what they are the value of, or null. */
export function detectValueSwap(content: string): ValueSwap | null {
  const text = content.slice(0, MAX_SLOT_TEXT).replace(/[’‘]/gu, "'").replace(/\s+/gu, ' ').trim();
  for (const { pattern, from } of SWAPS) {
    const match = pattern.exec(text);
    const [old, fresh] = from === 1 ? [match?.[1], match?.[2]] : [match?.[2], match?.[1]];
    // a value is a name, an address or a number: "It's raining, not snowing" corrects nothing
    if (
      old !== undefined &&
      fresh !== undefined &&
      old.toLowerCase() !== fresh.toLowerCase() &&
      /^\p{Lu}|[@\d]/u.test(old)
    ) {
      return { from: old, to: fresh };
    }
  }

  return null;
}

/** `content` with `from` replaced by `to` as a whole word, in any case; null when `content` does not name `from`. */
export function swapValue(content: string, swap: ValueSwap): string | null {
  const escaped = swap.from.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const pattern = new RegExp(String.raw`(?<![\p{L}\p{N}])${escaped}(?![\p{L}\p{N}])`, 'iu');

  return pattern.test(content) ? content.replace(pattern, swap.to) : null;
}

// a standing instruction: a rule word at the start, or a want/need/should with always/never anywhere
const RULE_START =
  /^(?:(?:please|pls|remember(?: that)?|note(?: that)?|important|rule|fyi|husk(?: at)?|og|and)[:,]?\s+)*(?:always|never|don't ever|do not ever|must always|must never|should always|should never|you must|from now on|going forward|in (?:the )?future|every time|whenever|altid|aldrig|fremover|fra nu af|husk altid|du skal altid|du må aldrig|under no circumstances|stick to|avoid|(?:do not|don't|dont) (?:ever )?(?:mention|use|send|share|call|email|e-mail|contact|suggest|recommend|reply|respond|write|include|bring up|talk about|ask|assume|book|schedule|tell|give|post|add|put|say|show|wake|disturb|message|text|ping|cc|copy|sign|swear|curse|use)|only (?:suggest|use|recommend|reply|respond|answer|write|show|give|speak|talk|include|send|book|cite|quote|mention|offer|propose)|keep (?:answers|responses|replies|messages|summaries|emails|explanations|it|things) (?:short|brief|under|below|concise|simple|to)|(?:answer|reply|respond|write|talk|speak) (?:to me )?(?:only )?in)\b/iu;
const RULE_ANYWHERE =
  /\b(?:(?:i|we|you) (?:always|never) (?:want|need|prefer|like|use|expect|write|answer|reply)|(?:always|never) (?:use|answer|reply|respond|write|include|give|format|keep|show|send|call|mention|deploy|merge|ship|push|commit|put|add|start|end|ask|say)|(?:should|must|need to|have to) (?:always|never)|(?:make sure|be sure|remember|please|pls|and)(?: to| you)? (?:always|never)|(?:must|should) (?:always |never )?be (?:written|formatted|spelled|spelt|kept|given|shown|expressed|displayed|quoted|cited|in)|from now on|going forward|(?:jeg|vi) (?:vil|skal) (?:altid|aldrig)|(?:altid|aldrig) (?:svar|skriv|brug))\b|^\p{L}+ (?:altid|aldrig)\b/iu;
const SHARED_WORK =
  /\b(?:we|our|us|team|deploy|deploys|deployment|release|ship|merge|commit|push|production|prod|code|repo|branch|pr|vi|vores|holdet)\b/iu;

/** Whether `content` is a standing rule (always, never, from now on, altid, aldrig): tagged `constraint`. */
export function isStandingRule(content: string): boolean {
  const text = content.slice(0, MAX_SLOT_TEXT).trim();

  return RULE_START.test(text) || RULE_ANYWHERE.test(text);
}

/** The type a rule gets when the writer gave none: a team's way of working is a DECISION, the rest PREFERENCE. */
export function ruleType(content: string): MemoryType {
  return SHARED_WORK.test(content.slice(0, MAX_SLOT_TEXT)) ? MemoryType.DECISION : MemoryType.PREFERENCE;
}

const IMPERATIVE_VERBS =
  'pay|email|e-mail|mail|call|phone|ring|text|message|book|buy|order|send|renew|cancel|schedule|reschedule|fix|clean|' +
  'water|feed|pick up|return|submit|file|write|finish|check|update|pack|print|sign|charge|back up|review|reply to|' +
  'answer|visit|wash|walk|cook|bake|refill|top up|register|apply for|transfer|prepare|plan|move|ask|tell|remind|' +
  'follow up|confirm|collect|drop off|take out|vacuum|mow|repair|replace|install|download|upload|read|study|' +
  'practice|practise|finish|sort out|set up|arrange|invite|thank|contact|get|grab|bring|fill in|fill out|backup|' +
  'ring|post|ship|deliver|clear|empty|tidy|iron|shop for|look up|research|read up on|betal|ring til|køb|send|book';
const IMPERATIVE = new RegExp(
  String.raw`^(?:please |pls |todo:? |to do:? )?(?:${IMPERATIVE_VERBS})(?: [\p{L}\p{N}'&.,:/-]+){1,7}[.!]?$`,
  'iu',
);

/** A short imperative ("Pay rent", "Email Sam", "Book the car service"): a verb and its object, stored as a TODO. */
export function isShortImperative(content: string): boolean {
  const text = content.trim().replace(/\s+/gu, ' ');

  return text.length <= 80 && IMPERATIVE.test(text);
}
