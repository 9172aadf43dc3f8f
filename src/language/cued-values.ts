import type { SlotName } from 'src/language/slot-values';

/**
 * A value said in lower case ("moved to linz last month lol", "name's dagny", "started at tidewell energy on
 * monday"): no capital marks it, so it is read from the words after the last cue of its slot ("to", "name's",
 * "at"), up to a word that cannot be part of a name (a time word, filler, a function word) or a mark. Read only when
 * the intent classifier said which slot the clause speaks of and no capitalised value was found.
 */

interface CueRow {
  id: string;
  slots: readonly SlotName[];
  /** The words a value follows, per language. */
  cues: Readonly<Record<'en' | 'da', readonly string[]>>;
  /** At most this many words of value. */
  words: number;
  /** A name, never a description: no value followed by a word of DESCRIBED_BY ("i'm proud of her"). */
  named?: boolean;
  examples: readonly (readonly [string, string | null])[];
}

export const CUED_VALUES: readonly CueRow[] = [
  {
    id: 'location',
    slots: ['location'],
    cues: { en: ['in', 'to', 'is', 'from', 'near', 'outside'], da: ['i', 'til', 'er', 'på'] },
    words: 3,
    examples: [
      ['moved to linz last month lol, still unpacking boxes', 'linz'],
      ['ok so home is braga now', 'braga'],
      ['vi er flyttet til aalborg', 'aalborg'],
      ['moved to a bigger place', null],
    ],
  },
  {
    id: 'employer',
    slots: ['employer'],
    cues: { en: ['at', 'for', 'with', 'joined', 'by'], da: ['hos', 'ved', 'i'] },
    words: 3,
    examples: [
      ['fwiw i left kestrel, started at tidewell energy on monday', 'tidewell energy'],
      ['just joined marlowe books as a buyer', 'marlowe books'],
      ['nu arbejder jeg hos netto', 'netto'],
    ],
  },
  {
    id: 'occupation',
    slots: ['occupation'],
    cues: { en: [], da: ['som', 'være'] },
    words: 2,
    examples: [
      ['har lige fået job som revisor hos nordlys, starter 1. februar', 'revisor'],
      ['er gået over til at være økonoma på et plejehjem', 'økonoma'],
      ['arbejder som en hest', null],
    ],
  },
  {
    id: 'name',
    slots: ['name', 'nickname'],
    cues: { en: ["it's", 'its', "i'm", 'im', "name's", 'names', 'is', 'am', 'me'], da: ['hedder', 'mig', 'er'] },
    words: 2,
    named: true,
    examples: [
      ["legally changed my name last month, it's aurelio now", 'aurelio'],
      ["name's dagny, nice to meet u", 'dagny'],
      ['everyone calls me bo, even my mum lol', 'bo'],
      ['alle kalder mig bimse nu', 'bimse'],
      ["it's a long story", null],
      ["i'm proud of her", null],
      ['im so done with it', null],
    ],
  },
];

/** Words no value holds: time words, filler, function words, pronouns, common verbs (English and Danish). */
const NOT_VALUE = new Set(
  (
    'a an the my your our his her their its this that these those it i me we you he she they them us ' +
    'now then today yesterday tomorrow tonight soon recently already still just again ago last next this ' +
    'week weeks month months year years day days morning evening summer winter spring autumn fall weekend ' +
    'monday tuesday wednesday thursday friday saturday sunday ' +
    'lol haha btw fwiw tbh rn ok okay yeah yes no not never so and but or as of on at in to for with by from ' +
    'since until after before about around here there where when while because if then than also too once ' +
    'is am are was were be been being have has had do does did will would can could should ' +
    'be a part new old big small bigger smaller place city town job work home house flat apartment ' +
    'nu i går dag uge måned år sidste næste og men eller som på til fra med hos ved jeg du vi han hun de ' +
    'det den der her mig dig os er var har bor hedder lige også ikke haha altså forresten en et min mit mine'
  ).split(' '),
);
const WORD = /^[\p{Ll}][\p{Ll}\p{N}'&.-]*$/u;
/** A word after a value that makes it a description, not a name or place: "i'm proud of her", "is keen on it". */
const DESCRIBED_BY: ReadonlySet<string> = new Set(
  'of about with to for that than on af om med til for at end'.split(' '),
);
const MAX_CUED_TEXT = 300;

/** The value of `slot` said in lower case after its last cue in `text`, or null. */
export function cuedValue(text: string, slot: SlotName, language: 'en' | 'da'): string | null {
  const row = CUED_VALUES.find((r) => r.slots.includes(slot));
  if (row === undefined) {
    return null;
  }
  const tokens = text.slice(0, MAX_CUED_TEXT).toLowerCase().split(/\s+/u);
  let found: string | null = null;
  tokens.forEach((token, i) => {
    if (!row.cues[language].includes(token)) {
      return;
    }
    const value: string[] = [];
    let marked = false;
    for (const raw of tokens.slice(i + 1, i + 1 + row.words)) {
      const word = raw.replace(/[.,;:!?)"”’]+$/u, '');
      if (!WORD.test(word) || NOT_VALUE.has(word) || word.length < 2) {
        break;
      }
      value.push(word);
      marked = word !== raw;
      if (marked) {
        break;
      }
    }
    const next = marked ? undefined : tokens[i + 1 + value.length];
    if (value.length > 0 && !(row.named === true && DESCRIBED_BY.has(next ?? ''))) {
      found = value.join(' ');
    }
  });

  return found;
}
