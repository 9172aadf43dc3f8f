import { textWords } from 'src/common/text-words';

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

  return first === second || (!COMPARATIVE.test(first) && bag(first) === bag(second));
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

const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:is|am|are) (?:a )?(?:big |huge |great )?fan of\b/gu, 'like'],
  [/\b(?:is|am|are) (?:really |very )?(?:fond of|into|keen on)\b/gu, 'like'],
  [/\b(?:can't|cannot|can not) stand\b/gu, 'dislike'],
  [/\b(?:doesn't|does not|don't|do not) like\b/gu, 'dislike'],
  [/\b(?:follows|follow|is on|am on|eats) an? ([\p{L}-]+) diet\b/gu, 'is $1'],
];
const SUBJECTS = new Set(['i', 'user', 'she', 'he', 'they']);
const COPULAS = new Set(['am', 'is', 'are']);
const INTENSIFIERS = new Set(
  'really truly absolutely totally definitely genuinely very much so quite also still just deeply'.split(' '),
);
const FOLDED: ReadonlyMap<string, string> = new Map([
  ...'love loves enjoy enjoys adore adores like likes'.split(' ').map((word): [string, string] => [word, 'like']),
  ...'hate hates detest detests dislike dislikes loathe loathes'
    .split(' ')
    .map((word): [string, string] => [word, 'dislike']),
]);

function statementKey(content: string): string {
  let text = content
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘]/gu, "'")
    .replace(/'m\b/gu, ' am')
    .replace(/'re\b/gu, ' are');
  for (const [pattern, replacement] of PHRASES) {
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
