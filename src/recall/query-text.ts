import { eng } from 'stopword';

import { textWords } from 'src/common/text-words';

/** Question words carry intent, not topic: they match every turn that asks something. */
const QUESTION_WORDS = [
  'what',
  'when',
  'where',
  'which',
  'who',
  'whom',
  'whose',
  'why',
  'how',
  'did',
  'does',
  'do',
  'would',
  'could',
  'should',
  'can',
  'will',
  'might',
  'may',
  'ever',
  'also',
];
export const STOP_WORDS: ReadonlySet<string> = new Set([...eng, ...QUESTION_WORDS]);

/** The words of a query worth searching for; the query's own words when all of them are stop words ("who am I"). */
export function searchableQuery(query: string): string {
  const words = textWords(query);
  const content = words.filter((word) => word.length > 1 && !STOP_WORDS.has(word));

  return (content.length > 0 ? content : words).join(' ');
}
