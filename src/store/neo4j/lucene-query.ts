import { textWords } from 'src/common/text-words';
import { queryWords, tenantSearchToken } from 'src/store/search-terms';

/**
 * Which search words a memory holds (its `wordsVersion`): 1 the words alone, 2 with Latin diacritics folded, for the
 * `english` analyzer, 3 weightedWords in place of contextWords. The boot rewrites the words of every memory below
 * this version (neo4j-search-words.ts).
 */
export const SEARCH_WORDS_VERSION = 3;

/**
 * The same for messages (their `wordsVersion`): 1 and 2 as for memories; 3 weightedWords (messageWeightedWords) in
 * place of four indexed fields.
 */
export const MESSAGE_WORDS_VERSION = 3;

/**
 * The stop words of the full-text indexes' analyzer (`english`, cypher/schema.cypher), as
 * db.index.fulltext.listAvailableAnalyzers() lists them (a Neo4j contract case compares). The analyzer drops them
 * from the query too, so a query of these words alone would leave only the tenant clause, which matches every node
 * of the tenant: the query builders leave them out first.
 */
export const ANALYZER_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
]);

/**
 * Diacritics taken off Latin letters, as FTS5's `unicode61 remove_diacritics 2` does in the SQLite adapter: "café"
 * → "cafe", "naïve" → "naive"; letters without a decomposition ("ø", "ß") and other scripts' marks stay.
 */
export function foldDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/(\p{Script=Latin})[\u0300-\u036f]+/gu, '$1')
    .normalize('NFC');
}

/**
 * The copy of a text the Neo4j full-text indexes hold (contentWords, weightedWords, speakerWords, and the neighbour
 * text): its words as the queries see them (textWords: letter/digit runs, lower-cased, diacritics folded),
 * space-separated. The analyzer's StandardTokenizer keeps "john's", "3.5", "example.com" and "foo_bar" as single
 * tokens, which a query made of the words "john", "3", "example", "foo" would never match; over this copy it splits
 * them as FTS5's unicode61 tokenizer does in the SQLite adapter, and the analyzer's Porter stemmer then stems both
 * sides as FTS5's `porter` does. What remains different: the analyzer drops its stop words (FTS5 keeps every word),
 * and FTS5 keeps a run of CJK characters as one token where the analyzer splits it into characters.
 */
export function searchWords(text: string | null): string | null {
  return text === null ? null : textWords(foldDiacritics(text)).join(' ');
}

/**
 * What a memory's full text is ranked by (its `weightedWords`): the content's search words twice, then the context's,
 * in one field. SQLite ranks content and context with FTS5's bm25(1.0, 0.5) over one row: a context word counts half
 * a content word in the term frequency, and the length norm is the whole row's. In one Lucene field the repetition
 * gives the same 2:1 ratio and one length norm. Two fields (contentWords, contextWords^0.5) were scored each with
 * its own length norm and idf, then summed: LoCoMo turns (the previous turn as context) ranked 4.6-6.1 points lower.
 */
export function weightedWords(content: string, context: string | null): string {
  const words = searchWords(content) ?? '';
  const contextWords = searchWords(context);

  return [words, words, contextWords].filter((part) => part !== null && part !== '').join(' ');
}

/**
 * What a message's full text is ranked by (its `weightedWords`), for the same reason as weightedWords: SQLite ranks a
 * message with bm25(1.0, 1.0, 0.5, 0.3) over content, speaker, the previous and the next message's words in one row,
 * so one field holds content and speaker twice, then the neighbours' words once (0.5 each: the next message's 0.3 has
 * no whole ratio). The Cypher that sets neighbour text (conversation/create-message, tenant/refresh-channels,
 * meta/save-message-words) writes the same words; a Neo4j contract case compares.
 */
export function messageWeightedWords(
  contentWords: string,
  speakerWords: string | null,
  prevContent: string | null,
  nextContent: string | null,
): string {
  return [contentWords, contentWords, speakerWords, speakerWords, prevContent, nextContent]
    .filter((part): part is string => part !== null && part !== '')
    .join(' ');
}

/** The words of a query as the index holds them, without the analyzer's stop words. */
function luceneWords(text: string): string[] {
  return queryWords(foldDiacritics(text)).filter((word) => !ANALYZER_STOP_WORDS.has(word));
}

/**
 * The tenant clause: required, but boosted to 0 so it adds nothing to a hit's score (a scored clause added a share
 * that depends on the tenant's size to every hit, skewing fusion with the vector ranking).
 */
function tenantClause(tenantId: string): string {
  return `tenantKey:${tenantSearchToken(tenantId)}^0`;
}

/**
 * A Lucene query for one tenant's memories made of the text's words only (lower-cased, so AND/OR/NOT are never
 * operators; they are stop words too): quotes, `*`, `-`, `~`, brackets and field syntax in user input never reach the
 * parser. Null when the text has no word but stop words.
 */
export function luceneQuery(tenantId: string, text: string): string | null {
  const words = luceneWords(text);
  const terms = words.join(' ');

  return words.length > 0 ? `${tenantClause(tenantId)} AND weightedWords:(${terms})` : null;
}

/** A Lucene query for one tenant's memories whose content holds every word of the text; null without a word. */
export function luceneAllWordsQuery(tenantId: string, text: string): string | null {
  const words = luceneWords(text);

  return words.length > 0
    ? `${tenantClause(tenantId)} AND contentWords:(${words.map((w) => `+${w}`).join(' ')})`
    : null;
}

/** The same for messages, over their weightedWords (content, speaker and the neighbouring messages' words). */
export function messageLuceneQuery(tenantId: string, text: string): string | null {
  const words = luceneWords(text);

  return words.length > 0 ? `${tenantClause(tenantId)} AND weightedWords:(${words.join(' ')})` : null;
}
