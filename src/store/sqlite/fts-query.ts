import { queryWords } from 'src/store/search-terms';

/**
 * A word matching more rows than this is left out of a full-text query that has a rarer word. FTS5 scores every row
 * matching any word of an OR query before the LIMIT, so one common word costs in proportion to the rows it matches,
 * while its BM25 weight there is small (idf ≈ ln(N / rows): about 3 at 50,000 of 1M rows against 8–9 for a word in a
 * few hundred rows). Below this many memories no word is ever left out.
 */
export const MAX_WORD_ROWS = 50_000;

/**
 * Below MAX_WORD_ROWS, a word in more than this share of the rows searched is left out too (when a rarer word is
 * there): in one person's memories their own name matches half of them, costs most of the query (10k memories:
 * p95 27 ms with it, 4.5 ms without) and separates nothing; recall's named-person boost carries it instead.
 */
const COMMON_SHARE = 1 / 3;
/** No word is left out of searches over fewer rows than this: there even a word in every row is cheap. */
const MIN_WORD_ROWS = 2_000;

/** The most rows a query word may match and still be searched, given how many rows the search covers. */
export function wordRowLimit(rowsSearched: number): number {
  return Math.min(MAX_WORD_ROWS, Math.max(MIN_WORD_ROWS, Math.floor(rowsSearched * COMMON_SHARE)));
}

/**
 * The words of a query worth their cost: those matching at most `maxRows` rows; when every word matches more, the
 * rarest one alone so the query still finds something. `rows` holds each word's matching-row count, counted up to
 * `maxRows + 1` (a count above `maxRows` only says "too many").
 */
export function selectiveWords(
  words: readonly string[],
  rows: ReadonlyMap<string, number>,
  maxRows = MAX_WORD_ROWS,
): string[] {
  const count = (word: string): number => rows.get(word) ?? 0;
  const kept = words.filter((word) => count(word) <= maxRows);
  if (kept.length > 0 || words.length === 0) {
    return kept;
  }

  return [words.reduce((rarest, word) => (count(word) < count(rarest) ? word : rarest))];
}

/**
 * Whether a full-text query should name the tenant's token: worth it while the tenant holds under half the index, so
 * FTS5 skips the other tenants' rows. A tenant holding most of it gains little from the filter and pays for it: FTS5
 * walks the token's whole doclist per query (for BM25's idf and the AND), about 55 ms at 1M rows. Tenant isolation
 * never depends on this: the SQL join keeps only the tenant's memories either way.
 */
export function tenantTokenPays(tenantRows: number, allRows: number): boolean {
  return tenantRows * 2 < allRows;
}

/** An FTS5 MATCH expression of the given words, each quoted and joined with OR; null when there is none. */
export function ftsAnyWordExpression(words: readonly string[]): string | null {
  return words.length === 0 ? null : words.map((word) => `"${word}"`).join(' OR ');
}

/** An FTS5 MATCH expression of the text's words, each quoted and joined with OR; null when there is no word. */
export function ftsMatchExpression(text: string): string | null {
  return ftsAnyWordExpression(queryWords(text));
}

/** An FTS5 MATCH expression requiring every word of the text; null when there is no word. */
export function ftsAllWordsExpression(text: string): string | null {
  const words = queryWords(text);

  return words.length === 0 ? null : words.map((word) => `"${word}"`).join(' AND ');
}
