import type {
  AssociationOf,
  AssociationQuery,
  CandidateQuery,
  Candidates,
  InsertBatchCommand,
  InsertMemoryCommand,
  InsertMemoryResult,
  MemoryListFilter,
  MemoryPageRows,
  MemoryStore,
  MetadataOrder,
  NeighbourRow,
  PageAfter,
  ScoredId,
  Visibility,
} from 'src/domain/memory-store.port';
import { BatchItemError, TaskBudgetExceededError } from 'src/domain/memory-store.port';
import { Direction, isLive, MemoryScope, MemoryStatus, RelationType } from 'src/domain/memory.enums';
import type { AssociationRecord, AssociationView, MemoryRecord } from 'src/domain/memory.types';
import { claimsSlot, retireSlotHolders } from 'src/domain/slot-rule';
import { scopeKey, visibleScopes } from 'src/domain/visibility';
import type { ScopeRef } from 'src/domain/visibility';
import { composeCandidates } from 'src/store/recall-candidates';
import { queryWords, tenantSearchToken } from 'src/store/search-terms';
import { ftsAllWordsExpression, ftsAnyWordExpression, tenantTokenPays, wordRowLimit } from 'src/store/sqlite/fts-query';
import { FtsWordCounts } from 'src/store/sqlite/fts-word-counts';
import { column } from 'src/store/sqlite/sqlite-columns';
import { chunks, placeholders, vectorBlob } from 'src/store/sqlite/sqlite-database';
import type { SqliteDatabase, SqlValue } from 'src/store/sqlite/sqlite-database';
import { SqliteReadThread } from 'src/store/sqlite/sqlite-read-thread';
import type { MemoryRow } from 'src/store/sqlite/sqlite-rows';
import {
  INSERT_MEMORY_SQL,
  MEMORY_ROW_COLUMNS,
  MEMORY_ROW_COLUMNS_M,
  memoryInsertValues,
  memoryRowOf,
  rowToMemory,
  visibilityKey,
} from 'src/store/sqlite/sqlite-rows';
import { PREVIOUS_VECTOR_TABLE } from 'src/store/sqlite/sqlite-schema';
import { MEMORY_VECTOR_SOURCE, SqliteVectorIndexes } from 'src/store/sqlite/sqlite-vector-indexes';
import type { CachedStatement } from 'src/store/sqlite/statement-cache';

/** How long a tenant's share of the full-text index (see tenantTokenPays) is trusted before it is counted again. */
const TEXT_SCOPE_TTL_MS = 60_000;

/** How a tenant's full-text queries are run, from the row counts read at `at`. */
interface TextScope {
  /** The MATCH prefix restricting full text to the tenant's rows, or '' (see tenantTokenPays). */
  prefix: string;
  /** The most rows a query word may match (wordRowLimit); null when no word can match more, so none is counted. */
  wordLimit: number | null;
  /** The rows a query searches: the tenant's with its token, else the whole index. */
  searched: number;
  at: number;
}

/** BM25 weight of a memory's context column relative to its content (1). */
export const CONTEXT_WEIGHT = 0.5;

export interface SqliteMemoryStoreOptions {
  /** Tenants with at least this many vectors search an in-memory binary index instead of scanning vec0. */
  vectorIndexMinRows?: number;
  /**
   * Vector rows an index build adds in one event-loop turn (default BUILD_SLICE_ROWS); Infinity builds a tenant's
   * whole index inside its first search, as before builds were sliced (a bench compares the two).
   */
  vectorIndexSliceRows?: number;
  /**
   * Full-text searches over at least this many rows run on a read-only connection in a worker thread (see
   * SqliteReadThread), beside the vector search, instead of on the event loop (default TEXT_THREAD_MIN_ROWS;
   * Infinity never; a database in memory never).
   */
  textThreadMinRows?: number;
}

export const DEFAULT_VECTOR_INDEX_MIN_ROWS = 5_000;
/**
 * Below this many rows searched a full-text query costs a few milliseconds and the thread's round trip is not worth
 * it; at 1M rows it takes tens of milliseconds the vector search can use.
 */
export const TEXT_THREAD_MIN_ROWS = 50_000;

/** A SQL fragment with its bound values; fragments are fixed strings, never input. */
export interface Clause {
  sql: string;
  params: SqlValue[];
}

function ids(items: readonly { id: string }[]): string[] {
  return items.map((item) => item.id);
}

/** Which column holds the id that unlocks a scope. */
const SCOPE_ID_COLUMN: Record<MemoryScope, string | null> = {
  [MemoryScope.GLOBAL]: null,
  [MemoryScope.PROJECT]: 'project_id',
  [MemoryScope.THREAD]: 'channel_id',
};

/** One visible scope of the domain's rule as SQL over the memories table. */
function scopeClause(alias: string, ref: ScopeRef): Clause {
  const column = SCOPE_ID_COLUMN[ref.scope];

  return column === null
    ? { sql: `${alias}.scope = ?`, params: [ref.scope] }
    : { sql: `(${alias}.scope = ? AND ${alias}.${column} = ?)`, params: [ref.scope, ref.id] };
}

export function visibilityClause(alias: string, visibility: Visibility): Clause {
  const scopes = visibleScopes(visibility).map((ref) => scopeClause(alias, ref));
  const params: SqlValue[] = [...visibility.statuses, ...scopes.flatMap((c) => c.params)];
  let sql = `${alias}.status IN (${placeholders(visibility.statuses.length)}) AND (${scopes.map((c) => c.sql).join(' OR ')})`;
  if (visibility.types && visibility.types.length > 0) {
    sql += ` AND ${alias}.type IN (${placeholders(visibility.types.length)})`;
    params.push(...visibility.types);
  }
  if (visibility.task) {
    sql += ` AND (${alias}.source_task_id IS NULL OR ${alias}.source_task_id = ?)`;
    params.push(visibility.task.taskId);
  }
  if (visibility.asOf) {
    const valid = validAtClause(alias, visibility.asOf);
    sql += ` AND ${valid.sql}`;
    params.push(...valid.params);
  }

  return { sql, params };
}

/**
 * Believed true at `asOf`: it had happened, and nothing had ended it yet. The unary + keeps the planner off the
 * (tenant_id, occurred_at) index: driving a full-text search from it ran the MATCH once per row (seconds at 5k).
 */
function validAtClause(alias: string, asOf: Date): Clause {
  return {
    sql: `+${alias}.occurred_at <= ? AND (${alias}.valid_until IS NULL OR ${alias}.valid_until > ?)`,
    params: [asOf.getTime(), asOf.getTime()],
  };
}

const METADATA_ORDER: Record<MetadataOrder, string> = {
  recent: 'm.created_at DESC, m.id DESC',
  importance: 'm.importance DESC, m.created_at DESC, m.id DESC',
  accessed: 'm.access_count DESC, m.last_accessed_at DESC NULLS LAST, m.created_at DESC, m.id DESC',
};

/** Runs one item's part of a batch; a failure names the item (and rolls the batch back). */
function atItem<T>(index: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new BatchItemError(index, error);
  }
}

export class SqliteMemoryStore implements MemoryStore {
  readonly kind = 'sqlite' as const;
  private readonly db: SqliteDatabase['db'];
  private readonly vectorIndexMinRows: number;
  private readonly vectorIndexSliceRows: number | undefined;
  private indexes: SqliteVectorIndexes | null = null;
  private textThreadMinRows: number;
  private readThread: SqliteReadThread | null = null;
  private readonly textScopes = new Map<string, TextScope>();
  private readonly wordCounts: FtsWordCounts;

  constructor(
    private readonly database: SqliteDatabase,
    options: SqliteMemoryStoreOptions = {},
  ) {
    this.db = database.db;
    this.wordCounts = new FtsWordCounts(database, {
      table: 'memory_fts',
      columns: '{content context}',
      writes: () => database.memoryTextWrites,
    });
    this.vectorIndexMinRows = options.vectorIndexMinRows ?? DEFAULT_VECTOR_INDEX_MIN_ROWS;
    this.vectorIndexSliceRows = options.vectorIndexSliceRows;
    this.textThreadMinRows = options.textThreadMinRows ?? TEXT_THREAD_MIN_ROWS;
  }

  /** Benchmarks: switches where large full-text searches run (see SqliteMemoryStoreOptions.textThreadMinRows). */
  setTextThreadMinRows(rows: number): void {
    this.textThreadMinRows = rows;
  }

  /** The read thread for a search over `searched` rows, or null when it runs here (see textThreadMinRows). */
  private textThread(searched: number): SqliteReadThread | null {
    if (searched < this.textThreadMinRows || this.db.memory || this.db.inTransaction) {
      return null;
    }
    if (this.readThread === null) {
      const thread = new SqliteReadThread(this.db.name);
      this.readThread = thread;
      this.database.onClose(() => void thread.close());
    }

    return this.readThread;
  }

  /** The in-memory vector indexes exist once the connection knows its embedding space. */
  private get vectorIndexes(): SqliteVectorIndexes | null {
    const space = this.database.space;
    if (this.indexes === null && space !== null) {
      this.indexes = new SqliteVectorIndexes(this.db, {
        dimensions: space.dimensions,
        minRows: this.vectorIndexMinRows,
        sliceRows: this.vectorIndexSliceRows,
        source: MEMORY_VECTOR_SOURCE,
      });
      const indexes = this.indexes;
      this.database.onClose(() => indexes.stop());
    }

    return this.indexes;
  }

  /**
   * Builds the tenant's in-memory vector index if it is large enough and has none (in the background, a slice an
   * event-loop turn) and resolves when none is under way: true when its vector searches go through the index. Its
   * first search starts the same build; this awaits it (a warm-up after an import, tests and benches).
   */
  warmVectorIndex(tenantId: string): Promise<boolean> {
    return this.vectorIndexes?.ready(tenantId) ?? Promise.resolve(false);
  }

  /** Another adapter changed many of the tenant's vectors (import, purge) on this connection. */
  vectorsChanged(tenantId: string): void {
    this.vectorIndexes?.forget(tenantId);
  }

  insertMemory(command: InsertMemoryCommand): Promise<InsertMemoryResult> {
    return new Promise((resolve) => resolve(this.database.transaction(() => this.insertSync(command))));
  }

  insertMemories(command: InsertBatchCommand): Promise<InsertMemoryResult[]> {
    // the executor turns a throw inside the transaction into a rejection
    return new Promise((resolve) => resolve(this.database.transaction(() => this.insertBatchSync(command.items))));
  }

  private insertBatchSync(items: InsertMemoryCommand[]): InsertMemoryResult[] {
    const results = items.map((item, index) => atItem(index, () => this.insertSync({ ...item, links: [] })));
    // an item that was a duplicate stands for the memory it matched, as the end of its own links and of others'
    const saved = new Map(items.map((item, index) => [item.memory.id, results[index]?.memory.id ?? item.memory.id]));
    items.forEach((item, index) =>
      atItem(index, () => {
        const fromId = saved.get(item.memory.id) ?? item.memory.id;
        for (const link of item.links) {
          const toId = saved.get(link.toId) ?? link.toId;
          const edge = {
            tenantId: item.memory.tenantId,
            fromId,
            toId,
            type: link.type,
            weight: link.weight,
            createdAt: item.memory.createdAt,
          };
          if (this.upsertAssociationSync(edge) === null) {
            throw new Error(`link to ${toId}: no such memory`);
          }
        }
      }),
    );

    return results;
  }

  private insertSync(command: InsertMemoryCommand): InsertMemoryResult {
    const m = command.memory;
    const inserted = this.stmt(INSERT_MEMORY_SQL).run(
      ...memoryInsertValues(m.tenantId, m, command.vector ? m.embeddingModel : null),
    );
    if (inserted.changes === 0) {
      const existing = this.findByFingerprintSync(m.tenantId, m.fingerprint);
      if (!existing) {
        throw new Error('insert conflicted but no live memory holds the fingerprint');
      }

      return { created: false, memory: existing };
    }
    const taskId = m.source.taskId;
    if (command.taskBudget !== undefined && command.taskBudget !== null && taskId !== null) {
      // counted after the insert, inside the same IMMEDIATE transaction: no other process can add to it meanwhile
      const used = this.stmt<{ n: number }>(
        'SELECT COUNT(*) AS n FROM memories WHERE tenant_id = ? AND source_task_id = ?',
      ).get(m.tenantId, taskId);
      if ((used?.n ?? 0) > command.taskBudget) {
        throw new TaskBudgetExceededError(taskId, command.taskBudget);
      }
    }
    const rowid = BigInt(inserted.lastInsertRowid);
    const owed = command.entityLinksOwed;
    if (owed) {
      this.stmt('UPDATE memories SET entities_owed_at = ?, entities_owed_slot_value = ? WHERE rowid = ?').run(
        owed.since.getTime(),
        owed.slotValue,
        rowid,
      );
    }
    this.database.memoryTextChanged(1);
    this.stmt('INSERT INTO memory_fts (rowid, content, context, tenant) VALUES (?, ?, ?, ?)').run(
      rowid,
      m.content,
      m.context ?? '',
      tenantSearchToken(m.tenantId),
    );
    if (command.vector) {
      this.assertDimensions(command.vector);
      this.stmt(
        'INSERT INTO memory_vectors (rowid, tenant, status, visibility, type, embedding) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(
        rowid,
        m.tenantId,
        m.status,
        visibilityKey(m.scope, m.projectId, m.channelId),
        m.type,
        vectorBlob(command.vector),
      );
      this.vectorIndexes?.noteInsert(m.tenantId, rowid, m.id, command.vector);
    }
    const holders = claimsSlot(m)
      ? this.stmt<{ id: string }>(
          "SELECT id FROM memories WHERE tenant_id = ? AND slot = ? AND status = 'ACTIVE' AND id <> ?",
        )
          .all(m.tenantId, m.slot, m.id)
          .map((row) => row.id)
      : [];
    const { links, supersede } = retireSlotHolders(command, holders);
    for (const link of links) {
      this.upsertAssociationSync({
        tenantId: m.tenantId,
        fromId: m.id,
        toId: link.toId,
        type: link.type,
        weight: link.weight,
        createdAt: m.createdAt,
      });
    }
    const superseded =
      supersede.length > 0 ? this.supersedeSync(m.tenantId, supersede, m.id, m.createdAt, m.occurredAt) : [];
    const memory = this.getSync(m.tenantId, m.id);
    if (!memory) {
      throw new Error('inserted memory vanished inside its transaction');
    }

    return { created: true, memory, superseded };
  }

  /** `endsAt`: the successor's occurredAt, which ends each one's validity (never before its own occurredAt). */
  private supersedeSync(tenantId: string, ids: string[], byId: string, at: Date, endsAt: Date): MemoryRecord[] {
    const rows = this.stmt<MemoryRow>(
      `UPDATE memories SET status = 'SUPERSEDED', superseded_by = ?, live_fingerprint = NULL, updated_at = ?,
           valid_until = MAX(occurred_at, ?)
         WHERE +tenant_id = ? AND status = 'ACTIVE' AND id IN (${placeholders(ids.length)}) RETURNING *`,
    ).all(byId, at.getTime(), endsAt.getTime(), tenantId, ...ids);
    for (const row of rows) {
      this.stmt('UPDATE memory_vectors SET status = ? WHERE rowid = ?').run(MemoryStatus.SUPERSEDED, BigInt(row.rowid));
      this.vectorIndexes?.noteChange(tenantId, row.rowid);
    }

    return rows.map(rowToMemory);
  }

  supersedeInto(tenantId: string, survivorId: string, ids: string[], at: Date): Promise<MemoryRecord[]> {
    const others = ids.filter((id) => id !== survivorId);
    const run = this.db.transaction((): MemoryRecord[] => {
      const survivor = this.getSync(tenantId, survivorId);
      if (others.length === 0 || survivor?.status !== MemoryStatus.ACTIVE) {
        return [];
      }
      const retired = this.supersedeSync(tenantId, others, survivorId, at, survivor.occurredAt);
      for (const memory of retired) {
        this.upsertAssociationSync({
          tenantId,
          fromId: survivorId,
          toId: memory.id,
          type: RelationType.UPDATES,
          weight: 1,
          createdAt: at,
        });
      }

      return retired;
    });

    return Promise.resolve(run());
  }

  reinforceMemory(
    tenantId: string,
    id: string,
    patch: { confidence: number; seenAt: Date },
  ): Promise<MemoryRecord | null> {
    const row = this.stmt<MemoryRow>(
      `UPDATE memories SET confidence = MAX(confidence, ?), last_seen_at = ?, updated_at = ?
       WHERE tenant_id = ? AND id = ? RETURNING *`,
    ).get(patch.confidence, patch.seenAt.getTime(), patch.seenAt.getTime(), tenantId, id);

    return Promise.resolve(row ? rowToMemory(row) : null);
  }

  setStatus(tenantId: string, id: string, status: MemoryStatus, at: Date): Promise<MemoryRecord | null> {
    const run = this.db.transaction((): MemoryRecord | null => {
      const row = this.stmt<MemoryRow>(
        `UPDATE memories SET status = ?, updated_at = ?,
           live_fingerprint = CASE WHEN ? THEN live_fingerprint ELSE NULL END,
           valid_until = CASE ? WHEN 'ACTIVE' THEN NULL
             WHEN 'SUPERSEDED' THEN COALESCE(valid_until, MAX(occurred_at, ?)) ELSE valid_until END
         WHERE tenant_id = ? AND id = ? RETURNING *`,
      ).get(status, at.getTime(), isLive(status) ? 1 : 0, status, at.getTime(), tenantId, id);
      if (!row) {
        return null;
      }
      this.stmt('UPDATE memory_vectors SET status = ? WHERE rowid = ?').run(status, BigInt(row.rowid));
      this.vectorIndexes?.noteChange(tenantId, row.rowid);

      return rowToMemory(row);
    });

    return Promise.resolve(run());
  }

  deleteMemory(tenantId: string, id: string): Promise<boolean> {
    const run = this.db.transaction((): boolean => {
      const row = this.stmt<{ rowid: number }>('SELECT rowid FROM memories WHERE tenant_id = ? AND id = ?').get(
        tenantId,
        id,
      );
      if (!row) {
        return false;
      }
      const rowid = BigInt(row.rowid);
      this.database.memoryTextChanged(1);
      this.stmt('DELETE FROM memory_fts WHERE rowid = ?').run(rowid);
      if (this.database.space) {
        const removed = this.stmt('DELETE FROM memory_vectors WHERE rowid = ?').run(rowid).changes;
        this.vectorIndexes?.noteChange(tenantId, rowid, removed);
      }
      if (this.database.hasPreviousVectors()) {
        // deleted for good: not even the previous model's vector stays until the migration's switch
        this.stmt(`DELETE FROM ${PREVIOUS_VECTOR_TABLE} WHERE rowid = ?`).run(rowid);
      }
      this.stmt('UPDATE memories SET superseded_by = NULL WHERE tenant_id = ? AND superseded_by = ?').run(tenantId, id);
      // associations go with the memory through ON DELETE CASCADE
      this.stmt('DELETE FROM memories WHERE rowid = ?').run(rowid);

      return true;
    });

    return Promise.resolve(run());
  }

  getMemory(tenantId: string, id: string): Promise<MemoryRecord | null> {
    return Promise.resolve(this.getSync(tenantId, id));
  }

  private getSync(tenantId: string, id: string): MemoryRecord | null {
    const row = this.stmt<MemoryRow>('SELECT * FROM memories WHERE tenant_id = ? AND id = ?').get(tenantId, id);

    return row ? rowToMemory(row) : null;
  }

  getMemories(tenantId: string, ids: string[]): Promise<MemoryRecord[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    // the unary + keeps the planner on the unique id index; the tenant index would walk the whole tenant
    const rows = chunks(ids).flatMap((chunk) =>
      this.arrays<unknown[]>(
        `SELECT ${MEMORY_ROW_COLUMNS} FROM memories WHERE +tenant_id = ? AND id IN (${placeholders(chunk.length)})`,
      ).all(tenantId, ...chunk),
    );
    const byId = new Map(rows.map((values) => [values[1] as string, rowToMemory(memoryRowOf(values))]));

    return Promise.resolve(ids.flatMap((id) => byId.get(id) ?? []));
  }

  findByFingerprint(tenantId: string, fingerprint: string): Promise<MemoryRecord | null> {
    return Promise.resolve(this.findByFingerprintSync(tenantId, fingerprint));
  }

  private findByFingerprintSync(tenantId: string, fingerprint: string): MemoryRecord | null {
    const row = this.stmt<MemoryRow>('SELECT * FROM memories WHERE tenant_id = ? AND live_fingerprint = ?').get(
      tenantId,
      fingerprint,
    );

    return row ? rowToMemory(row) : null;
  }

  findActiveBySlot(tenantId: string, slot: string): Promise<MemoryRecord[]> {
    const rows = this.stmt<MemoryRow>(
      "SELECT * FROM memories WHERE tenant_id = ? AND slot = ? AND status = 'ACTIVE' ORDER BY created_at DESC",
    ).all(tenantId, slot);

    return Promise.resolve(rows.map(rowToMemory));
  }

  slotHistory(tenantId: string, slot: string, limit: number): Promise<MemoryRecord[]> {
    const rows = this.arrays<unknown[]>(
      `SELECT ${MEMORY_ROW_COLUMNS} FROM memories WHERE tenant_id = ? AND slot = ? AND status IN ('ACTIVE', 'SUPERSEDED')
         ORDER BY occurred_at, created_at, id LIMIT ?`,
    ).all(tenantId, slot, limit);

    return Promise.resolve(rows.map((values) => rowToMemory(memoryRowOf(values))));
  }

  countByTask(tenantId: string, taskId: string): Promise<number> {
    const row = this.stmt<{ n: number }>(
      'SELECT COUNT(*) AS n FROM memories WHERE tenant_id = ? AND source_task_id = ?',
    ).get(tenantId, taskId);

    return Promise.resolve(row?.n ?? 0);
  }

  listMemories(
    tenantId: string,
    filter: MemoryListFilter,
    limit: number,
    after: PageAfter | null,
  ): Promise<MemoryPageRows> {
    const where: Clause[] = [
      { sql: 'm.tenant_id = ?', params: [tenantId] },
      { sql: `m.status IN (${placeholders(filter.statuses.length)})`, params: [...filter.statuses] },
    ];
    if (filter.types && filter.types.length > 0) {
      where.push({ sql: `m.type IN (${placeholders(filter.types.length)})`, params: [...filter.types] });
    }
    if (filter.scope) {
      where.push({ sql: 'm.scope = ?', params: [filter.scope] });
    }
    if (filter.channelId !== undefined) {
      where.push({ sql: 'm.channel_id = ?', params: [filter.channelId] });
    }
    if (filter.projectId !== undefined) {
      where.push({ sql: 'm.project_id = ?', params: [filter.projectId] });
    }
    if (filter.asOf !== undefined) {
      where.push(validAtClause('m', filter.asOf));
    }
    // Tags are selective: the first one drives the query (CROSS JOIN fixes the loop order), the others are probes.
    const [firstTag, ...otherTags] = filter.tags ?? [];
    const from = firstTag === undefined ? 'memories m' : 'memory_tags t CROSS JOIN memories m ON m.id = t.memory_id';
    if (firstTag !== undefined) {
      where.unshift({ sql: 't.tenant_id = ? AND t.tag = ?', params: [tenantId, firstTag] });
    }
    for (const tag of otherTags) {
      where.push({
        sql: 'EXISTS (SELECT 1 FROM memory_tags o WHERE o.tenant_id = ? AND o.tag = ? AND o.memory_id = m.id)',
        params: [tenantId, tag],
      });
    }
    const whereSql = where.map((c) => c.sql).join(' AND ');
    const whereParams = where.flatMap((c) => c.params);
    const total =
      this.stmt<{ n: number }>(`SELECT COUNT(*) AS n FROM ${from} WHERE ${whereSql}`).get(...whereParams)?.n ?? 0;
    const keyset: Clause = after
      ? {
          sql: ' AND (m.created_at < ? OR (m.created_at = ? AND m.id < ?))',
          params: [after.createdAt.getTime(), after.createdAt.getTime(), after.id],
        }
      : { sql: '', params: [] };
    const rows = this.arrays<unknown[]>(
      `SELECT ${MEMORY_ROW_COLUMNS_M} FROM ${from} WHERE ${whereSql}${keyset.sql}
         ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
    ).all(...whereParams, ...keyset.params, limit + 1);

    return Promise.resolve({
      items: rows.slice(0, limit).map((values) => rowToMemory(memoryRowOf(values))),
      hasMore: rows.length > limit,
      total,
    });
  }

  queryByMetadata(
    tenantId: string,
    visibility: Visibility,
    order: MetadataOrder,
    limit: number,
  ): Promise<MemoryRecord[]> {
    const vis = visibilityClause('m', visibility);
    const rows = this.arrays<unknown[]>(
      `SELECT ${MEMORY_ROW_COLUMNS_M} FROM memories m WHERE m.tenant_id = ? AND ${vis.sql}
         ORDER BY ${METADATA_ORDER[order]} LIMIT ?`,
    ).all(tenantId, ...vis.params, limit);

    return Promise.resolve(rows.map((values) => rowToMemory(memoryRowOf(values))));
  }

  searchVectors(tenantId: string, vector: Float32Array, k: number, visibility: Visibility): Promise<ScoredId[]> {
    if (!this.database.space || k <= 0) {
      return Promise.resolve([]);
    }
    this.assertDimensions(vector);
    if (!visibility.task && !visibility.asOf) {
      return Promise.resolve(this.nearest(tenantId, vector, k, visibility));
    }
    // vec0 rows carry no task and no validity: other tasks' memories (few: a task has a write budget) and those not
    // valid at asOf are dropped after the search, which widens until k remain or the index has nothing more to give
    for (let limit = k; ; limit *= 4) {
      const hits = this.nearest(tenantId, vector, limit, visibility);
      const allowed = this.filteredIds(tenantId, ids(hits), visibility);
      const kept = hits.filter((hit) => allowed.has(hit.id));
      if (kept.length >= k || hits.length < limit) {
        return Promise.resolve(kept.slice(0, k));
      }
    }
  }

  /** The ids among `ids` that a recall with this task filter and moment (see Visibility) may see. */
  private filteredIds(tenantId: string, memoryIds: string[], visibility: Visibility): Set<string> {
    const filters: Clause[] = [];
    if (visibility.task) {
      filters.push({ sql: '(source_task_id IS NULL OR source_task_id = ?)', params: [visibility.task.taskId] });
    }
    if (visibility.asOf) {
      filters.push(validAtClause('memories', visibility.asOf));
    }
    const filterSql = filters.map((c) => ` AND ${c.sql}`).join('');
    const visible = chunks(memoryIds).flatMap((chunk) =>
      this.stmt<{ id: string }>(
        `SELECT id FROM memories WHERE +tenant_id = ? AND id IN (${placeholders(chunk.length)})${filterSql}`,
      ).all(tenantId, ...chunk, ...filters.flatMap((c) => c.params)),
    );

    return new Set(visible.map((row) => row.id));
  }

  private nearest(tenantId: string, vector: Float32Array, k: number, visibility: Visibility): ScoredId[] {
    const keys = visibleScopes(visibility).map(scopeKey);
    const filter = { statuses: visibility.statuses, visibilityKeys: keys, types: visibility.types };
    const indexed = this.vectorIndexes?.search(tenantId, vector, k, filter);
    if (indexed) {
      return indexed;
    }
    const params: SqlValue[] = [vectorBlob(vector), k, tenantId, ...visibility.statuses, ...keys];
    let typeSql = '';
    if (visibility.types && visibility.types.length > 0) {
      typeSql = ` AND v.type IN (${placeholders(visibility.types.length)})`;
      params.push(...visibility.types);
    }
    const rows = this.stmt<{ id: string; distance: number }>(
      `SELECT m.id AS id, v.distance AS distance FROM memory_vectors v JOIN memories m ON m.rowid = v.rowid
         WHERE v.embedding MATCH ? AND v.k = ? AND v.tenant = ?
           AND v.status IN (${placeholders(visibility.statuses.length)})
           AND v.visibility IN (${placeholders(keys.length)})${typeSql}
         ORDER BY v.distance`,
    ).all(...params);

    return rows.map((row) => ({ id: row.id, score: 1 - row.distance }));
  }

  searchText(tenantId: string, query: string, k: number, visibility: Visibility): Promise<ScoredId[]> {
    const scope = this.textScope(tenantId);
    const words = queryWords(query);
    const match = ftsAnyWordExpression(
      scope.wordLimit === null ? words : this.wordCounts.selective(scope.prefix, words, scope.wordLimit),
    );
    if (match === null || k <= 0) {
      return Promise.resolve([]);
    }
    const vis = visibilityClause('m', visibility);
    // ORDER BY the rank column lets FTS5 sort inside the virtual table, so the join stops after k visible rows
    const sql = `SELECT m.id AS id, -f.rank AS score
         FROM memory_fts f JOIN memories m ON m.rowid = f.rowid
         WHERE memory_fts MATCH ? AND f.rank MATCH 'bm25(1.0, ${CONTEXT_WEIGHT}, 0.0)' AND m.tenant_id = ? AND ${vis.sql}
         ORDER BY f.rank LIMIT ?`;
    const params = [`${scope.prefix}{content context} : (${match})`, tenantId, ...vis.params, k];
    const here = (): ScoredId[] => this.stmt<ScoredId>(sql).all(...params);
    const thread = this.textThread(scope.searched);
    if (thread === null) {
      return Promise.resolve(here());
    }

    // a thread that fails (it could not open the file) costs the overlap, never the search
    return thread.all<ScoredId>(sql, params).catch(() => here());
  }

  /**
   * The tenant's text scope: its token in the MATCH only when that costs less than it saves, and word counts only
   * when the rows searched (the tenant's with its token, else the whole index) can exceed a word's row limit.
   */
  private textScope(tenantId: string): TextScope {
    const now = Date.now();
    let cached = this.textScopes.get(tenantId);
    if (cached === undefined || now - cached.at > TEXT_SCOPE_TTL_MS) {
      const count = (where: string, ...params: SqlValue[]): number =>
        this.stmt<{ rows: number }>(`SELECT count(*) AS rows FROM memories${where}`).get(...params)?.rows ?? 0;
      const tenantRows = count(' WHERE tenant_id = ?', tenantId);
      const allRows = count('');
      const pays = tenantTokenPays(tenantRows, allRows);
      const searched = pays ? tenantRows : allRows;
      const limit = wordRowLimit(searched);
      cached = {
        prefix: pays ? `tenant : ${tenantSearchToken(tenantId)} AND ` : '',
        wordLimit: searched > limit ? limit : null,
        searched,
        at: now,
      };
      this.textScopes.set(tenantId, cached);
    }

    return cached;
  }

  findMentions(tenantId: string, phrase: string, statuses: MemoryStatus[], k: number): Promise<ScoredId[]> {
    const match = ftsAllWordsExpression(phrase);
    if (match === null || k <= 0 || statuses.length === 0) {
      return Promise.resolve([]);
    }
    const rows = this.stmt<{ id: string; score: number }>(
      `SELECT m.id AS id, -bm25(memory_fts, 1.0, 0.0, 0.0) AS score
         FROM memory_fts JOIN memories m ON m.rowid = memory_fts.rowid
         WHERE memory_fts MATCH ? AND m.tenant_id = ? AND m.status IN (${placeholders(statuses.length)})
         ORDER BY bm25(memory_fts, 1.0, 0.0, 0.0) LIMIT ?`,
    ).all(`tenant : ${tenantSearchToken(tenantId)} AND content : (${match})`, tenantId, ...statuses, k);

    return Promise.resolve(rows);
  }

  upsertAssociation(edge: AssociationRecord): Promise<AssociationRecord | null> {
    return Promise.resolve(this.database.transaction(() => this.upsertAssociationSync(edge)));
  }

  private upsertAssociationSync(edge: AssociationRecord): AssociationRecord | null {
    const row = this.stmt<{ weight: number; created_at: number }>(
      `INSERT INTO associations (tenant_id, from_id, to_id, type, weight, created_at)
       SELECT ?, a.id, b.id, ?, ?, ? FROM memories a, memories b
       WHERE a.tenant_id = ? AND a.id = ? AND b.tenant_id = ? AND b.id = ?
       ON CONFLICT (from_id, to_id, type) DO UPDATE SET weight = excluded.weight
       RETURNING weight, created_at`,
    ).get(
      edge.tenantId,
      edge.type,
      edge.weight,
      edge.createdAt.getTime(),
      edge.tenantId,
      edge.fromId,
      edge.tenantId,
      edge.toId,
    );

    return row ? { ...edge, weight: row.weight, createdAt: new Date(row.created_at) } : null;
  }

  async listAssociations(tenantId: string, memoryId: string, query: AssociationQuery): Promise<AssociationView[]> {
    return (await this.listAssociationsOf(tenantId, [memoryId], query)).map(({ ofId: _ofId, ...view }) => view);
  }

  listAssociationsOf(tenantId: string, memoryIds: string[], query: AssociationQuery): Promise<AssociationOf[]> {
    if (query.limit <= 0) {
      return Promise.resolve([]);
    }

    return Promise.resolve(
      chunks([...new Set(memoryIds)]).flatMap((ids) => this.associationsOfChunk(tenantId, ids, query)),
    );
  }

  // `+tenant_id` keeps SQLite off the associations_tenant index: it would scan every edge of the tenant for the IN
  // side (8 ms for 25 memories at 30k edges) where the to_id index finds them (0.4 ms); the same in neighbours()
  private associationsOfChunk(tenantId: string, ids: string[], query: AssociationQuery): AssociationOf[] {
    const parts: Clause[] = [];
    const typeSql = query.types && query.types.length > 0 ? ` AND type IN (${placeholders(query.types.length)})` : '';
    const typeParams = query.types ?? [];
    if (query.direction !== Direction.IN) {
      parts.push({
        sql: `SELECT from_id AS of_id, type, 'OUT' AS direction, weight, to_id AS memory_id, created_at FROM associations
              WHERE +tenant_id = ? AND from_id IN (${placeholders(ids.length)})${typeSql}`,
        params: [tenantId, ...ids, ...typeParams],
      });
    }
    if (query.direction !== Direction.OUT) {
      parts.push({
        sql: `SELECT to_id AS of_id, type, 'IN' AS direction, weight, from_id AS memory_id, created_at FROM associations
              WHERE +tenant_id = ? AND to_id IN (${placeholders(ids.length)})${typeSql}`,
        params: [tenantId, ...ids, ...typeParams],
      });
    }
    const rows = this.stmt<{
      of_id: string;
      type: string;
      direction: string;
      weight: number;
      memory_id: string;
      created_at: number;
    }>(
      `SELECT of_id, type, direction, weight, memory_id, created_at FROM (
           SELECT *, ROW_NUMBER() OVER (PARTITION BY of_id ORDER BY weight DESC, created_at DESC, memory_id) AS n
           FROM (${parts.map((p) => p.sql).join(' UNION ALL ')})
         ) WHERE n <= ? ORDER BY of_id, n`,
    ).all(...parts.flatMap((p) => p.params), query.limit);

    return rows.map((row) => ({
      ofId: row.of_id,
      type: column.relationType(row.type),
      direction: column.direction(row.direction),
      weight: row.weight,
      memoryId: row.memory_id,
      createdAt: new Date(row.created_at),
    }));
  }

  recallCandidates(tenantId: string, query: CandidateQuery): Promise<Candidates> {
    return composeCandidates(this, tenantId, query);
  }

  neighbours(tenantId: string, seedIds: string[], limitPerSeed: number): Promise<NeighbourRow[]> {
    if (seedIds.length === 0 || limitPerSeed <= 0) {
      return Promise.resolve([]);
    }
    const seeds = placeholders(seedIds.length);
    const rows = this.stmt<{ seed_id: string; memory_id: string; type: string; direction: string; weight: number }>(
      `SELECT seed_id, memory_id, type, direction, weight FROM (
           SELECT seed_id, memory_id, type, direction, weight,
                  ROW_NUMBER() OVER (PARTITION BY seed_id ORDER BY weight DESC) AS n
           FROM (
             SELECT from_id AS seed_id, to_id AS memory_id, type, 'OUT' AS direction, weight FROM associations
             WHERE +tenant_id = ? AND from_id IN (${seeds})
             UNION ALL
             SELECT to_id AS seed_id, from_id AS memory_id, type, 'IN' AS direction, weight FROM associations
             WHERE +tenant_id = ? AND to_id IN (${seeds})
           )
         ) WHERE n <= ?`,
    ).all(tenantId, ...seedIds, tenantId, ...seedIds, limitPerSeed);

    return Promise.resolve(
      rows.map((row) => ({
        seedId: row.seed_id,
        memoryId: row.memory_id,
        type: column.relationType(row.type),
        direction: column.direction(row.direction),
        weight: row.weight,
      })),
    );
  }

  recordAccess(tenantId: string, ids: string[], at: Date): Promise<void> {
    if (ids.length > 0) {
      this.db
        .prepare<SqlValue[]>(
          `UPDATE memories SET access_count = access_count + 1, last_accessed_at = ?
           WHERE +tenant_id = ? AND id IN (${placeholders(ids.length)})`,
        )
        .run(at.getTime(), tenantId, ...ids);
    }

    return Promise.resolve();
  }

  /**
   * Embedding-model migration (inside its transaction): gives memories that still lack one a vector of the current
   * space, keeping this connection's in-memory vector indexes in step. Returns how many it wrote.
   */
  attachVectors(vectors: readonly { id: string; vector: Float32Array }[]): number {
    const space = this.database.space;
    if (!space) {
      return 0;
    }
    let written = 0;
    for (const { id, vector } of vectors) {
      this.assertDimensions(vector);
      const row = this.stmt<MemoryRow>('SELECT * FROM memories WHERE id = ? AND embedding_model IS NULL').get(id);
      if (!row) {
        continue;
      }
      const rowid = BigInt(row.rowid);
      this.stmt(
        'INSERT INTO memory_vectors (rowid, tenant, status, visibility, type, embedding) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(
        rowid,
        row.tenant_id,
        row.status,
        visibilityKey(column.memoryScope(row.scope), row.project_id, row.channel_id),
        row.type,
        vectorBlob(vector),
      );
      this.stmt('UPDATE memories SET embedding_model = ? WHERE rowid = ?').run(space.model, rowid);
      this.vectorIndexes?.noteInsert(row.tenant_id, rowid, row.id, vector);
      written++;
    }

    return written;
  }

  private assertDimensions(vector: Float32Array): void {
    const space = this.database.space;
    if (space && vector.length !== space.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
    }
  }

  private stmt<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.stmt<R>(sql);
  }

  private arrays<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.arrays<R>(sql);
  }
}
