import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';

import {
  migrate,
  PREVIOUS_VECTOR_TABLE,
  PREVIOUS_VECTOR_TABLES,
  VECTOR_TABLES,
  vectorTableSql,
} from 'src/store/sqlite/sqlite-schema';
import type { PreviousVectorTable } from 'src/store/sqlite/sqlite-schema';
import type { CachedStatement } from 'src/store/sqlite/statement-cache';
import { StatementCache } from 'src/store/sqlite/statement-cache';
import type { EmbeddingSpace, StoreConnection } from 'src/store/store-connection';

export type SqlValue = string | number | bigint | null | Buffer;

export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** SQLite binds at most 32,766 variables a statement: id lists are bound in chunks of this many. */
export const IDS_PER_STATEMENT = 10_000;

export function chunks<T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }

  return out;
}

export function vectorBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** meta keys of an embedding-model migration under way (absent otherwise). */
export const MIGRATION_KEYS = {
  previousModel: 'embedding_previous_model',
  previousDimensions: 'embedding_previous_dimensions',
  startedAt: 'reembed_started_at',
  cursor: (kind: 'memory' | 'message'): string => `reembed_cursor_${kind}`,
} as const;

export function readMeta(db: Database): Map<string, string> {
  return new Map(
    db
      .prepare<[], { key: string; value: string }>('SELECT key, value FROM meta')
      .all()
      .map((r) => [r.key, r.value]),
  );
}

/** How long init waits for another process that holds the store (e.g. while it sets a large store's vectors aside). */
const INIT_BUSY_MS = 300_000;

export interface SqliteDatabaseOptions {
  /** A file path, or ':memory:'. */
  file: string;
}

/**
 * The one SQLite connection of a process, shared by every store port: pragmas, migrations, the embedding space and a
 * statement cache. better-sqlite3 is synchronous, so a transaction here is never interleaved with another request.
 */
export class SqliteDatabase implements StoreConnection {
  readonly kind = 'sqlite' as const;
  readonly db: Database;
  private currentSpace: EmbeddingSpace | null = null;
  private readonly statements: StatementCache<SqlValue[]>;
  private memoryTextChanges = 0;
  private messageTextChanges = 0;
  private readonly closing: (() => void)[] = [];

  constructor(options: SqliteDatabaseOptions) {
    if (options.file !== ':memory:') {
      mkdirSync(dirname(options.file), { recursive: true });
    }
    this.db = new BetterSqlite3(options.file);
    this.statements = new StatementCache(this.db);
    sqliteVec.load(this.db);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
  }

  /**
   * memory_fts rows this connection inserted or deleted (rolled back or not): a cache of full-text word counts knows
   * from it how far any word's count can have moved. Every write to memory_fts calls `memoryTextChanged`.
   */
  get memoryTextWrites(): number {
    return this.memoryTextChanges;
  }

  memoryTextChanged(rows: number): void {
    this.memoryTextChanges += rows;
  }

  /** message_fts rows this connection inserted, updated or deleted: `memoryTextWrites` for messages. */
  get messageTextWrites(): number {
    return this.messageTextChanges;
  }

  messageTextChanged(rows: number): void {
    this.messageTextChanges += rows;
  }

  /** The embedding space the vector tables were made for; null before `init`. */
  get space(): EmbeddingSpace | null {
    return this.currentSpace;
  }

  /**
   * Creates the vector tables for the configured space. When the store's vectors come from another model, a
   * migration begins instead of a refusal (see `SqliteEmbeddingMigrationStore`): in one transaction the memory and
   * message vectors move aside to `memory_vectors_previous` and `message_vectors_previous` (unless an unfinished migration already keeps older ones there), the
   * vector tables are made anew for the configured dimension, and every row is marked as lacking a vector.
   */
  init(space: EmbeddingSpace): Promise<void> {
    vectorTableSql(space.dimensions);
    // IMMEDIATE: an API and a worker booting together take turns, and the second sees what the first decided (setting
    // a large store's vectors aside can outlast busy_timeout, so a busy store is tried again for a while)
    this.whileBusy(INIT_BUSY_MS, () =>
      this.db
        .transaction(() => {
          const meta = readMeta(this.db);
          const stored = meta.get('embedding_model');
          const storedDimensions = Number(meta.get('embedding_dimensions') ?? NaN);
          if (stored !== undefined && (stored !== space.model || storedDimensions !== space.dimensions)) {
            const hasVectors =
              this.db.prepare('SELECT 1 FROM memories WHERE embedding_model IS NOT NULL LIMIT 1').get() !== undefined ||
              this.db.prepare('SELECT 1 FROM messages WHERE embedding_model IS NOT NULL LIMIT 1').get() !== undefined;
            const migrating = meta.has(MIGRATION_KEYS.cursor('memory'));
            if (hasVectors || migrating) {
              this.beginMigration({ model: stored, dimensions: storedDimensions }, meta);
            }
            for (const table of VECTOR_TABLES) {
              this.db.exec(`DROP TABLE IF EXISTS ${table}`);
            }
          } else if (!meta.has(MIGRATION_KEYS.previousModel)) {
            // a finished migration that stopped before dropping the previous vectors
            this.dropPreviousVectors();
          }
          this.db.exec(vectorTableSql(space.dimensions));
          const put = this.db.prepare(
            'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          );
          put.run('embedding_model', space.model);
          put.run('embedding_dimensions', String(space.dimensions));
        })
        .immediate(),
    );
    this.currentSpace = space;
    // vec0 reads one stored vector by walking its 2 MB chunk blob's overflow pages: mapped pages make the exact
    // rescoring of indexed searches (and vec0 scans) several times cheaper than a pread per page.
    this.db.pragma('mmap_size = 1073741824');

    return Promise.resolve();
  }

  /**
   * Copies a vector table (`current`) into a vec0 table of the same definition (`previous`). Reading vectors out of
   * vec0 row by row walks a chunk blob per row (~10 s at 100k), so the shadow tables (sqlite-vec's chunks, rowids,
   * metadata) are copied as they are, in ~0.5 s, which needs SQLite's defensive mode off for the copy; a count and a
   * sample vector check the result, and any mismatch falls back to the row-by-row copy.
   */
  private setVectorsAside(current: string, previous: string): void {
    const definition = this.db
      .prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(current)?.sql;
    if (definition === undefined) {
      return;
    }
    const create = (): void => {
      this.db.exec(
        definition.replace(
          new RegExp(`^CREATE VIRTUAL TABLE (IF NOT EXISTS )?"?${current}"?`, 'i'),
          `CREATE VIRTUAL TABLE ${previous}`,
        ),
      );
    };
    create();
    const shadows = this.db
      .prepare<[string], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ? ESCAPE '\\'",
      )
      .all(`${current.replaceAll('_', '\\_')}\\_%`)
      .map((row) => row.name)
      .filter((name) => !name.startsWith(previous));
    try {
      this.db.unsafeMode(true);
      for (const shadow of shadows) {
        const target = previous + shadow.slice(current.length);
        this.db.exec(`DELETE FROM ${target}; INSERT INTO ${target} SELECT * FROM ${shadow};`);
      }
    } finally {
      this.db.unsafeMode(false);
    }
    const count = (table: string): number =>
      this.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? 0;
    const sample = this.db
      .prepare<[], { rowid: number; embedding: Buffer }>(`SELECT rowid, embedding FROM ${current} LIMIT 1`)
      .get();
    const copied = sample
      ? this.db
          .prepare<[number], { embedding: Buffer }>(`SELECT embedding FROM ${previous} WHERE rowid = ?`)
          .get(sample.rowid)
      : undefined;
    const same = count(current) === count(previous) && (!sample || copied?.embedding.equals(sample.embedding) === true);
    if (!same) {
      this.db.exec(`DROP TABLE ${previous}`);
      create();
      this.db.exec(`INSERT INTO ${previous} SELECT * FROM ${current}`);
    }
  }

  private whileBusy(ms: number, work: () => void): void {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        work();

        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) {
          throw error;
        }
      }
    }
  }

  /** Inside init's transaction: keeps the memory and message vectors of `stored` aside (once) and restarts the cursors. */
  private beginMigration(stored: EmbeddingSpace, meta: ReadonlyMap<string, string>): void {
    const put = this.db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    const hasVectors =
      this.db.prepare('SELECT 1 FROM memories WHERE embedding_model IS NOT NULL LIMIT 1').get() !== undefined ||
      this.db.prepare('SELECT 1 FROM messages WHERE embedding_model IS NOT NULL LIMIT 1').get() !== undefined;
    if (!meta.has(MIGRATION_KEYS.previousModel) && hasVectors && Number.isInteger(stored.dimensions)) {
      // An unfinished migration keeps what it set aside: those vectors cover every old row, the partial ones do not.
      this.dropPreviousVectors();
      for (const { current, previous } of PREVIOUS_VECTOR_TABLES) {
        this.setVectorsAside(current, previous);
      }
      put.run(MIGRATION_KEYS.previousModel, stored.model);
      put.run(MIGRATION_KEYS.previousDimensions, String(stored.dimensions));
    }
    this.db.exec('UPDATE memories SET embedding_model = NULL WHERE embedding_model IS NOT NULL');
    this.db.exec('UPDATE messages SET embedding_model = NULL WHERE embedding_model IS NOT NULL');
    for (const kind of ['memory', 'message'] as const) {
      put.run(MIGRATION_KEYS.cursor(kind), '0');
    }
    put.run(MIGRATION_KEYS.startedAt, String(Date.now()));
  }

  /**
   * Whether an embedding-model migration keeps the previous model's memory vectors (memory_vectors_previous), or with
   * `PREVIOUS_MESSAGE_VECTOR_TABLE` its message vectors (a migration begun before those were kept has none).
   */
  hasPreviousVectors(table: PreviousVectorTable = PREVIOUS_VECTOR_TABLE): boolean {
    return this.stmt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  }

  /** After a migration's switch: the previous model's vectors, memories' and messages'. */
  dropPreviousVectors(): void {
    for (const { previous } of PREVIOUS_VECTOR_TABLES) {
      this.db.exec(`DROP TABLE IF EXISTS ${previous}`);
    }
  }

  /** Runs before the connection closes (a background index build stops there). */
  onClose(listener: () => void): void {
    this.closing.push(listener);
  }

  close(): Promise<void> {
    for (const listener of this.closing.splice(0)) {
      listener();
    }
    if (this.db.open) {
      this.db.close();
    }

    return Promise.resolve();
  }

  ping(): Promise<boolean> {
    return Promise.resolve(this.db.open && this.db.prepare('SELECT 1 AS ok').get() !== undefined);
  }

  /** A prepared statement returning row objects, cached by its text (always a fixed string of ours, never input). */
  stmt<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.statements.get<R>(sql);
  }

  /** A cached statement returning the first column's values (better-sqlite3's pluck). */
  values<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.statements.get<R>(sql, 'values');
  }

  /** A cached statement returning each row as an array (better-sqlite3's raw). */
  arrays<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.statements.get<R>(sql, 'arrays');
  }

  /**
   * A write transaction. BEGIN IMMEDIATE takes the write lock first (waiting up to busy_timeout), so what it reads
   * (a task's write count, a slot's holder) cannot be changed by another process before it commits.
   */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }
}
