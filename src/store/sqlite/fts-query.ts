import { queryWords } from 'src/store/search-terms';

/** An FTS5 MATCH expression of the text's words, each quoted and joined with OR; null when there is no word. */
export function ftsMatchExpression(text: string): string | null {
  const words = queryWords(text);

  return words.length === 0 ? null : words.map((word) => `"${word}"`).join(' OR ');
}

/** An FTS5 MATCH expression requiring every word of the text; null when there is no word. */
export function ftsAllWordsExpression(text: string): string | null {
  const words = queryWords(text);

  return words.length === 0 ? null : words.map((word) => `"${word}"`).join(' AND ');
}
