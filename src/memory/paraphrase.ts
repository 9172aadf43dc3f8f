import { LRUCache } from 'lru-cache';

import { textWords } from 'src/common/text-words';
import { EN_FOLDS } from 'src/language/en/paraphrase-folds';

/**
 * Whether two notes say the same thing in words that embeddings may not bring close enough: "Loves hiking in the
 * mountains" and "Really enjoys hiking in the mountains". Each is reduced to its words with the subject and the
 * intensifiers left out and the verbs of liking folded (love, enjoy, adore, is a fan of -> like; hate, detest,
 * can't stand -> dislike); the two are the same statement when what is left is the same. Opposites never fold
 * together, and nothing else is changed, so "Loves hiking" and "Loves hiking in winter" stay two statements.
 */
export function sameStatement(a: string, b: string): boolean {
  const first = statementKey(a);
  const second = statementKey(b);
  if (first.length === 0) {
    return false;
  }

  // in any order only with the same first word: "Alice reports to Bob" is not "Bob reports to Alice"
  const sameStart = first.split(' ')[0] === second.split(' ')[0];

  return first === second || (sameStart && !COMPARATIVE.test(first) && bag(first) === bag(second));
}

/**
 * Whether `newer` states the same as `older` with one value changed: "I have three kids" after "I have two kids",
 * "Actually my favourite colour is blue" after "My favourite colour is green". The same words but one, and that one a
 * number, or the last word after "is" (where "X is Y" puts its value). Such a write corrects the older one.
 */
export function changesOneValue(older: string, newer: string): boolean {
  // "Paging fixture number 2" after "... number 1" is a second thing: only a statement about the user, or one said as
  // a correction, changes a value
  if (!CORRECTION_LEAD.test(newer) && !ABOUT_THE_USER.test(older) && !ABOUT_THE_USER.test(newer)) {
    return false;
  }
  const a = withoutTimeTail(statementKey(older)).split(' ');
  const b = withoutTimeTail(statementKey(withoutCorrectionLead(newer))).split(' ');
  if (a.length !== b.length || a.length < 3) {
    return false;
  }
  // "a dentist" -> "an orthodontist": the article follows the word, it is no second change
  const changed = a.flatMap((word, i) =>
    word === b[i] || (ARTICLES.has(word) && ARTICLES.has(b[i] ?? '')) ? [] : [i],
  );
  const at = changed[0];
  if (changed.length !== 1 || at === undefined) {
    return false;
  }
  const number = (word: string): boolean => /^\d+$/u.test(word) || NUMBER_WORDS.has(word);

  // "is a dentist": the value after the copula may take an article
  const before = ARTICLES.has(a[at - 1] ?? '') ? a[at - 2] : a[at - 1];

  return (number(a[at] ?? '') && number(b[at] ?? '')) || (at === a.length - 1 && COPULAS.has(before ?? ''));
}

function withoutTimeTail(key: string): string {
  return key.replace(/(?: (?:now|these days|nowadays|currently|anymore|today))+$/u, '');
}

const ARTICLES: ReadonlySet<string> = new Set(['a', 'an']);
const NUMBER_WORDS = new Set(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen twenty thirty forty fifty'.split(
    ' ',
  ),
);
const ABOUT_THE_USER = /^(?:i|i'm|i've|my|user|user's|the user|the user's|she|he|they|her|his|their)\b/iu;
const CORRECTION_LEAD = /^(?:(?:correction|update|actually|sorry|oops|no|wait|well|ok|okay)[,:!.]?\s+)+/iu;

function withoutCorrectionLead(content: string): string {
  return content.replace(CORRECTION_LEAD, '');
}

/** "more than", "over", "rather than": word order carries the meaning, so only the same order is the same. */
const COMPARATIVE = /\b(?:more|less|than|over|rather|instead|better|worse|before|after|not|no)\b/u;
const FILLER = new Set(['the', 'a', 'an', 'in', 'of', 'on', 'at', 'to', 'for', 'and']);

/** The words without fillers, in alphabetical order: "meetings early in the morning" = "early morning meetings". */
function bag(key: string): string {
  return key
    .split(' ')
    .filter((word) => !FILLER.has(word))
    .map((word) => word.replace(/s$/u, ''))
    .sort()
    .join(' ');
}

const SUBJECTS = new Set(['i', 'user', 'she', 'he', 'they']);
const COPULAS = new Set(['am', 'is', 'are', 'was', 'were']);
const INTENSIFIERS = new Set(
  'really truly absolutely totally definitely genuinely very much so quite also still just deeply'.split(' '),
);
const FOLDED: ReadonlyMap<string, string> = new Map([
  ...'love loves enjoy enjoys adore adores like likes'.split(' ').map((word): [string, string] => [word, 'like']),
  ...'hate hates detest detests dislike dislikes loathe loathes'
    .split(' ')
    .map((word): [string, string] => [word, 'dislike']),
]);

/**
 * A write compares its text with each of its eight neighbours, twice (same statement, one value changed): the keys are
 * kept, bounded by their total length, so a 100 KB note is folded once rather than sixteen times in one turn.
 */
const keys = new LRUCache<string, string>({
  max: 512,
  maxSize: 4_000_000,
  sizeCalculation: (folded, content) => folded.length + content.length + 1,
});

function statementKey(content: string): string {
  const known = keys.get(content);
  if (known !== undefined) {
    return known;
  }
  const key = foldStatement(content);
  keys.set(content, key);

  return key;
}

function foldStatement(content: string): string {
  let text = content
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘]/gu, "'")
    .replace(/'m\b/gu, ' am')
    .replace(/'re\b/gu, ' are');
  for (const { pattern, replacement } of EN_FOLDS) {
    text = text.replace(pattern, replacement);
  }
  const words = textWords(text);
  const start = words[0] === 'the' && words[1] === 'user' ? 2 : SUBJECTS.has(words[0] ?? '') ? 1 : 0;

  // "I am allergic", "The user is allergic" and "Is allergic": the copula goes with the subject
  const rest = words.slice(start);

  return (COPULAS.has(rest[0] ?? '') ? rest.slice(1) : rest)
    .filter((word) => !INTENSIFIERS.has(word))
    .map((word) => FOLDED.get(word) ?? word)
    .join(' ');
}
