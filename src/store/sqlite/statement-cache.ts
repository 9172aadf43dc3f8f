import type { Database, Statement } from 'better-sqlite3';

/** What a cached statement returns: row objects, the first column's values (pluck) or arrays (raw). */
export type StatementShape = 'rows' | 'values' | 'arrays';

/**
 * A shared statement without the calls that change what it returns for every later caller: `.pluck()` on a cached
 * statement once turned every other reader of the same SQL (the bulletin's citations, after an export) into one
 * that got bare values. The shape is chosen when the statement is fetched, and each shape has its own statement.
 */
export type CachedStatement<P extends unknown[], R> = Omit<
  Statement<P, R>,
  'pluck' | 'raw' | 'expand' | 'safeIntegers' | 'bind'
>;

/** Prepared statements keyed by shape and SQL text (always a fixed string of ours, never input). */
export class StatementCache<P extends unknown[]> {
  private readonly statements = new Map<string, Statement<P, unknown>>();

  constructor(private readonly db: Database) {}

  get<R>(sql: string, shape: StatementShape = 'rows'): CachedStatement<P, R> {
    const key = `${shape}\u0000${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare<P, unknown>(sql);
      if (shape === 'values') {
        statement.pluck();
      } else if (shape === 'arrays') {
        statement.raw();
      }
      this.statements.set(key, statement);
    }

    return statement as CachedStatement<P, R>;
  }
}
