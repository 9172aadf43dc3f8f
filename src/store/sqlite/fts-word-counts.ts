import { selectiveWords } from 'src/store/sqlite/fts-query';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';

/** Word counts kept before the cache starts over. */
const WORD_COUNTS_CACHED = 20_000;
/** Rows a word count reads beyond its limit (see wordRows). */
const WORD_COUNT_SLACK = 256;

/** One full-text table as the counts read it. */
export interface CountedText {
  table: 'memory_fts' | 'message_fts';
  /** The column filter a search's MATCH uses, e.g. `{content context}`. */
  columns: string;
  /** Rows of the table this connection wrote so far (inserted, updated or deleted): how far a count can have moved. */
  writes(): number;
}

/**
 * The words of a full-text query worth their cost (fts-query.ts: selectiveWords), counted in the index and cached
 * while the rows written since cannot have moved a count across the limit.
 */
export class FtsWordCounts {
  /** Word counts by `limit:match`, with the text's writes when read (see wordRows). */
  private readonly counts = new Map<string, { rows: number; writes: number }>();
  /** `PRAGMA data_version` the counts were read under. */
  private version = -1;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly text: CountedText,
  ) {}

  /** The query's words that match at most `limit` of the rows searched (see wordRowLimit), counted in the index. */
  selective(scope: string, words: string[], limit: number): string[] {
    const version = this.database.values<number>('PRAGMA data_version').get() ?? 0;
    if (version !== this.version || this.counts.size > WORD_COUNTS_CACHED) {
      // another connection committed (its writes are not counted here), or the cache is full
      this.counts.clear();
      this.version = version;
    }
    const rows = new Map(words.map((word) => [word, this.wordRows(scope, word, limit)]));

    return selectiveWords(words, rows, limit);
  }

  /**
   * A word's matching rows as selectiveWords reads them: the count up to `limit + 1`, or any count up to `limit` when
   * the word is certainly under it. A count read earlier still decides when the rows written since (each moves a
   * count by at most one) cannot have carried it across the limit; it is read SLACK rows further, so a common word's
   * stays decided for a while too. Inside a transaction the count is read afresh (it could be rolled back).
   */
  private wordRows(scope: string, word: string, limit: number): number {
    const count = this.database.stmt<{ rows: number }>(
      `SELECT count(*) AS rows FROM (SELECT 1 FROM ${this.text.table} WHERE ${this.text.table} MATCH ? LIMIT ?)`,
    );
    const match = `${scope}${this.text.columns} : "${word}"`;
    if (this.database.db.inTransaction) {
      return count.get(match, limit + 1)?.rows ?? 0;
    }
    const key = `${limit}:${match}`;
    const writes = this.text.writes();
    const cached = this.counts.get(key);
    if (cached) {
      const drift = writes - cached.writes;
      if (cached.rows + drift <= limit) {
        return cached.rows;
      }
      if (cached.rows - drift > limit) {
        return limit + 1;
      }
    }
    const rows = count.get(match, limit + 1 + WORD_COUNT_SLACK)?.rows ?? 0;
    this.counts.set(key, { rows, writes });

    return Math.min(rows, limit + 1);
  }
}
