import { queryWords, tenantSearchToken } from 'src/store/search-terms';

/**
 * A Lucene query for one tenant's memories made of the text's words only (lower-cased, so AND/OR/NOT are terms, not
 * operators): quotes, `*`, `-`, `~`, brackets and field syntax in user input never reach the parser. Null when the
 * text has no word.
 */
export function luceneQuery(tenantId: string, text: string): string | null {
  const words = queryWords(text);
  const terms = words.join(' ');

  return words.length > 0
    ? `tenantKey:${tenantSearchToken(tenantId)} AND (content:(${terms}) OR context:(${terms})^0.5)`
    : null;
}

/** A Lucene query for one tenant's memories whose content holds every word of the text; null without a word. */
export function luceneAllWordsQuery(tenantId: string, text: string): string | null {
  const words = queryWords(text);

  return words.length > 0 ? `tenantKey:${tenantSearchToken(tenantId)} AND content:(${words.map((w) => `+${w}`).join(' ')})` : null;
}

/** The same for messages: content and speaker, and at lower weights the neighbouring messages' text. */
export function messageLuceneQuery(tenantId: string, text: string): string | null {
  const words = queryWords(text);
  const terms = words.join(' ');

  return words.length > 0
    ? `tenantKey:${tenantSearchToken(tenantId)} AND (content:(${terms}) OR speaker:(${terms}) OR prevContent:(${terms})^0.5 OR nextContent:(${terms})^0.3)`
    : null;
}
