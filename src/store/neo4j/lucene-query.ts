import { textWords } from 'src/common/text-words';
import { queryWords, tenantSearchToken } from 'src/store/search-terms';

/**
 * The copy of a text the Neo4j full-text indexes hold (contentWords, contextWords, speakerWords, and the neighbour
 * text): its words as the queries see them (textWords: letter/digit runs, lower-cased), space-separated. The indexes'
 * analyzer (standard-no-stop-words, Lucene's StandardTokenizer) keeps "john's", "3.5", "example.com" and "foo_bar"
 * as single tokens, which a query made of the words "john", "3", "example", "foo" would never match; over this copy it
 * splits them as FTS5's unicode61 tokenizer does in the SQLite adapter. What remains different: FTS5 stems (porter)
 * and keeps a run of CJK characters as one token, the analyzer does not stem and splits CJK into characters.
 */
export function searchWords(text: string | null): string | null {
  return text === null ? null : textWords(text).join(' ');
}

/**
 * The tenant clause: required, but boosted to 0 so it adds nothing to a hit's score (a scored clause added a share
 * that depends on the tenant's size to every hit, skewing fusion with the vector ranking).
 */
function tenantClause(tenantId: string): string {
  return `tenantKey:${tenantSearchToken(tenantId)}^0`;
}

/**
 * A Lucene query for one tenant's memories made of the text's words only (lower-cased, so AND/OR/NOT are terms, not
 * operators): quotes, `*`, `-`, `~`, brackets and field syntax in user input never reach the parser. Null when the
 * text has no word.
 */
export function luceneQuery(tenantId: string, text: string): string | null {
  const words = queryWords(text);
  const terms = words.join(' ');

  return words.length > 0
    ? `${tenantClause(tenantId)} AND (contentWords:(${terms}) OR contextWords:(${terms})^0.5)`
    : null;
}

/** A Lucene query for one tenant's memories whose content holds every word of the text; null without a word. */
export function luceneAllWordsQuery(tenantId: string, text: string): string | null {
  const words = queryWords(text);

  return words.length > 0
    ? `${tenantClause(tenantId)} AND contentWords:(${words.map((w) => `+${w}`).join(' ')})`
    : null;
}

/** The same for messages: content and speaker, and at lower weights the neighbouring messages' text. */
export function messageLuceneQuery(tenantId: string, text: string): string | null {
  const words = queryWords(text);
  const terms = words.join(' ');

  return words.length > 0
    ? `${tenantClause(tenantId)} AND (contentWords:(${terms}) OR speakerWords:(${terms}) OR prevContent:(${terms})^0.5 OR nextContent:(${terms})^0.3)`
    : null;
}
