import type { ScoredId, Visibility } from 'src/domain/memory-store.port';
import type { MessageSearchScope } from 'src/store/conversation-store.port';
import type {
  EmbeddingMigrationState,
  EmbeddingMigrationStore,
  ReembedBatch,
  ReembedKind,
} from 'src/store/embedding-migration.port';
import { sharedFlag } from 'src/store/sqlite/sqlite-conversation.store';
import type { SqliteConversationStore } from 'src/store/sqlite/sqlite-conversation.store';
import { MIGRATION_KEYS, vectorBlob } from 'src/store/sqlite/sqlite-database';
import type { SqliteDatabase, SqlValue } from 'src/store/sqlite/sqlite-database';
import { visibilityClause } from 'src/store/sqlite/sqlite-memory.store';
import type { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { PREVIOUS_MESSAGE_VECTOR_TABLE, PREVIOUS_VECTOR_TABLE } from 'src/store/sqlite/sqlite-schema';
import type { EmbeddingSpace } from 'src/store/store-connection';

const TABLE: Record<ReembedKind, string> = { memory: 'memories', message: 'messages' };

/** Every meta key a migration writes: read together by `state`, removed together by `finish`. */
const MIGRATION_META_KEYS: readonly string[] = [
  MIGRATION_KEYS.previousModel,
  MIGRATION_KEYS.previousDimensions,
  MIGRATION_KEYS.startedAt,
  MIGRATION_KEYS.cursor('memory'),
  MIGRATION_KEYS.cursor('message'),
];

interface PendingRow {
  rowid: number;
  id: string;
  content: string;
  speaker: string | null;
  embedded: number;
}

/**
 * SQLite side of an embedding-model migration. `SqliteDatabase.init` begins it (the previous model's memory vectors
 * move to `memory_vectors_previous`, rows lose their `embedding_model`); here rows are visited in rowid order with a
 * cursor in `meta`, each batch's vectors and cursor committed together, and `finish` ends it in one transaction.
 */
export class SqliteEmbeddingMigrationStore implements EmbeddingMigrationStore {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly memories: SqliteMemoryStore,
    private readonly conversations: SqliteConversationStore,
  ) {}

  state(): Promise<EmbeddingMigrationState | null> {
    const meta = readMetaKeys(this.database);
    const space = this.database.space;
    const startedAt = meta.get(MIGRATION_KEYS.startedAt);
    if (!space || !meta.has(MIGRATION_KEYS.cursor('memory')) || startedAt === undefined) {
      return Promise.resolve(null);
    }
    const previousModel = meta.get(MIGRATION_KEYS.previousModel);
    const count = (sql: string): number => this.database.stmt<{ n: number }>(sql).get()?.n ?? 0;

    return Promise.resolve({
      from:
        previousModel === undefined
          ? null
          : { model: previousModel, dimensions: Number(meta.get(MIGRATION_KEYS.previousDimensions)) },
      to: space,
      startedAt: new Date(Number(startedAt)),
      progress: {
        memory: {
          done: count('SELECT COUNT(*) AS n FROM memories WHERE embedding_model IS NOT NULL'),
          total: count('SELECT COUNT(*) AS n FROM memories'),
        },
        message: {
          done: count('SELECT COUNT(*) AS n FROM messages WHERE embedding_model IS NOT NULL'),
          total: count('SELECT COUNT(*) AS n FROM messages'),
        },
      },
    });
  }

  previousSpace(): Promise<EmbeddingSpace | null> {
    const meta = readMetaKeys(this.database);
    const model = meta.get(MIGRATION_KEYS.previousModel);

    return Promise.resolve(
      model === undefined || !meta.has(MIGRATION_KEYS.cursor('memory'))
        ? null
        : { model, dimensions: Number(meta.get(MIGRATION_KEYS.previousDimensions)) },
    );
  }

  pending(kind: ReembedKind, limit: number): Promise<ReembedBatch> {
    const cursor = this.cursor(kind);
    if (cursor === null) {
      return Promise.resolve({ items: [], cursor: null });
    }
    const speaker = kind === 'message' ? 'speaker' : 'NULL';
    const rows = this.database
      .stmt<PendingRow>(
        `SELECT rowid, id, content, ${speaker} AS speaker, embedding_model IS NOT NULL AS embedded
         FROM ${TABLE[kind]} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      )
      .all(cursor, limit);
    const last = rows.at(-1);

    return Promise.resolve({
      items: rows.filter((r) => r.embedded === 0).map((r) => ({ id: r.id, content: r.content, speaker: r.speaker })),
      cursor: last === undefined ? null : String(last.rowid),
    });
  }

  save(kind: ReembedKind, vectors: { id: string; vector: Float32Array }[], cursor: string): Promise<void> {
    this.database.transaction(() => {
      if (this.cursor(kind) === null) {
        return;
      }
      if (kind === 'memory') {
        this.memories.attachVectors(vectors);
      } else {
        this.attachMessageVectors(vectors);
      }
      this.database
        .stmt('UPDATE meta SET value = ? WHERE key = ? AND CAST(value AS INTEGER) < ?')
        .run(cursor, MIGRATION_KEYS.cursor(kind), Number(cursor));
    });

    return Promise.resolve();
  }

  finish(): Promise<boolean> {
    const finished = this.database.transaction((): boolean => {
      const meta = readMetaKeys(this.database);
      if (!meta.has(MIGRATION_KEYS.cursor('memory'))) {
        return false;
      }
      for (const kind of ['memory', 'message'] as const) {
        const cursor = Number(meta.get(MIGRATION_KEYS.cursor(kind)) ?? 0);
        const left = this.database.stmt(`SELECT 1 FROM ${TABLE[kind]} WHERE rowid > ? LIMIT 1`).get(cursor);
        if (left !== undefined) {
          return false;
        }
      }
      for (const key of MIGRATION_META_KEYS) {
        this.database.stmt('DELETE FROM meta WHERE key = ?').run(key);
      }

      return true;
    });
    if (finished) {
      this.database.dropPreviousVectors();
    }

    return Promise.resolve(finished);
  }

  searchPrevious(
    tenantId: string,
    vector: Float32Array,
    k: number,
    visibility: Visibility,
  ): Promise<ScoredId[] | null> {
    const meta = readMetaKeys(this.database);
    const dimensions = Number(meta.get(MIGRATION_KEYS.previousDimensions));
    if (!meta.has(MIGRATION_KEYS.previousModel) || vector.length !== dimensions) {
      return Promise.resolve(null);
    }
    if (k <= 0 || visibility.statuses.length === 0) {
      return Promise.resolve([]);
    }
    // The set-aside table has no metadata: visibility is read from memories after the nearest-neighbour search,
    // which widens until k visible hits remain or the table has nothing more to give.
    const vis = visibilityClause('m', visibility);
    const search = this.database.db.prepare<SqlValue[], { id: string; distance: number; visible: number }>(
      `SELECT m.id AS id, knn.distance AS distance, (${vis.sql}) AS visible
       FROM (SELECT rowid, distance FROM ${PREVIOUS_VECTOR_TABLE} WHERE embedding MATCH ? AND k = ? AND tenant = ?) knn
       JOIN memories m ON m.rowid = knn.rowid
       ORDER BY knn.distance`,
    );
    for (let limit = k * 2; ; limit *= 4) {
      const rows = search.all(...vis.params, vectorBlob(vector), limit, tenantId);
      const visible = rows.filter((row) => row.visible === 1);
      if (visible.length >= k || rows.length < limit) {
        return Promise.resolve(visible.slice(0, k).map((row) => ({ id: row.id, score: 1 - row.distance })));
      }
    }
  }

  searchPreviousMessages(
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): Promise<ScoredId[] | null> {
    const meta = readMetaKeys(this.database);
    const dimensions = Number(meta.get(MIGRATION_KEYS.previousDimensions));
    if (
      !meta.has(MIGRATION_KEYS.previousModel) ||
      vector.length !== dimensions ||
      !this.database.hasPreviousVectors(PREVIOUS_MESSAGE_VECTOR_TABLE)
    ) {
      return Promise.resolve(null);
    }

    return Promise.resolve(
      this.conversations.searchVectorTable(PREVIOUS_MESSAGE_VECTOR_TABLE, tenantId, vector, k, scope),
    );
  }

  private attachMessageVectors(vectors: readonly { id: string; vector: Float32Array }[]): void {
    const space = this.database.space;
    if (!space) {
      return;
    }
    const tenants = new Set<string>();
    for (const { id, vector } of vectors) {
      if (vector.length !== space.dimensions) {
        throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
      }
      const row = this.database
        .stmt<{
          rowid: number;
          tenant_id: string;
          channel_id: string;
          trust: string;
          created_at: number;
          private: number;
        }>(
          `SELECT m.rowid, m.tenant_id, m.channel_id, m.trust, m.created_at, c.private
           FROM messages m JOIN channels c ON c.tenant_id = m.tenant_id AND c.id = m.channel_id
           WHERE m.id = ? AND m.embedding_model IS NULL`,
        )
        .get(id);
      if (!row) {
        continue;
      }
      const rowid = BigInt(row.rowid);
      this.database
        .stmt(
          'INSERT INTO message_vectors (rowid, tenant, channel, shared, created_at, embedding) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          rowid,
          row.tenant_id,
          row.channel_id,
          sharedFlag(row.private === 1, row.trust),
          BigInt(row.created_at),
          vectorBlob(vector),
        );
      this.database.stmt('UPDATE messages SET embedding_model = ? WHERE rowid = ?').run(space.model, rowid);
      tenants.add(row.tenant_id);
    }
    for (const tenantId of tenants) {
      this.conversations.vectorsChanged(tenantId);
    }
  }

  private cursor(kind: ReembedKind): number | null {
    const value = this.database
      .stmt<{ value: string }>('SELECT value FROM meta WHERE key = ?')
      .get(MIGRATION_KEYS.cursor(kind))?.value;

    return value === undefined ? null : Number(value);
  }
}

/** The migration's own meta keys (not every tenant's vector epoch). */
function readMetaKeys(database: SqliteDatabase): Map<string, string> {
  const rows = database.db
    .prepare<string[], { key: string; value: string }>(
      `SELECT key, value FROM meta WHERE key IN (${MIGRATION_META_KEYS.map(() => '?').join(', ')})`,
    )
    .all(...MIGRATION_META_KEYS);

  return new Map(rows.map((row) => [row.key, row.value]));
}
