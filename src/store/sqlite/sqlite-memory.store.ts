import type {
  AssociationOf,
  AssociationQuery,
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
import { queryWords, tenantSearchToken } from 'src/store/search-terms';
import {
  ftsAllWordsExpression,
  ftsAnyWordExpression,
  selectiveWords,
  tenantTokenPays,
  wordRowLimit,
} from 'src/store/sqlite/fts-query';
import { column } from 'src/store/sqlite/sqlite-columns';
import { chunks, placeholders, vectorBlob } from 'src/store/sqlite/sqlite-database';
import type { SqliteDatabase, SqlValue } from 'src/store/sqlite/sqlite-database';
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
/** Word counts kept before the cache starts over. */
const WORD_COUNTS_CACHED = 20_000;
/** Rows a word count reads beyond its limit (see wordRows). */
const WORD_COUNT_SLACK = 256;

/** How a tenant's full-text queries are run, from the row counts read at `at`. */
interface TextScope {
  /** The MATCH prefix restricting full text to the tenant's rows, or '' (see tenantTokenPays). */
  prefix: string;
  /** The most rows a query word may match (wordRowLimit); null when no word can match more, so none is counted. */
  wordLimit: number | null;
  at: number;
}

/** BM25 weight of a memory's context column relative to its content (1). */
export const CONTEXT_WEIGHT = 0.5;

export interface SqliteMemoryStoreOptions {
  /** Tenants with at least this many vectors search an in-memory binary index instead of scanning vec0. */
  vectorIndexMinRows?: number;
}

export const DEFAULT_VECTOR_INDEX_MIN_ROWS = 5_000;

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

  return { sql, params };
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
  private indexes: SqliteVectorIndexes | null = null;
  private readonly textScopes = new Map<string, TextScope>();
  /** Full-text word counts by `limit:match`, with memoryTextWrites when read (see wordRows). */
  private readonly wordCounts = new Map<string, { rows: number; writes: number }>();
  /** `PRAGMA data_version` the word counts were read under. */
  private wordCountsVersion = -1;

  constructor(
    private readonly database: SqliteDatabase,
    options: SqliteMemoryStoreOptions = {},
  ) {
    this.db = database.db;
    this.vectorIndexMinRows = options.vectorIndexMinRows ?? DEFAULT_VECTOR_INDEX_MIN_ROWS;
  }

  /** The in-memory vector indexes exist once the connection knows its embedding space. */
  private get vectorIndexes(): SqliteVectorIndexes | null {
    const space = this.database.space;
    if (this.indexes === null && space !== null) {
      this.indexes = new SqliteVectorIndexes(this.db, {
        dimensions: space.dimensions,
        minRows: this.vectorIndexMinRows,
        source: MEMORY_VECTOR_SOURCE,
      });
    }

    return this.indexes;
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
    const superseded = supersede.length > 0 ? this.supersedeSync(m.tenantId, supersede, m.id, m.createdAt) : [];
    const memory = this.getSync(m.tenantId, m.id);
    if (!memory) {
      throw new Error('inserted memory vanished inside its transaction');
    }

    return { created: true, memory, superseded };
  }

  private supersedeSync(tenantId: string, ids: string[], byId: string, at: Date): MemoryRecord[] {
    const rows = this.stmt<MemoryRow>(
      `UPDATE memories SET status = 'SUPERSEDED', superseded_by = ?, live_fingerprint = NULL, updated_at = ?
         WHERE +tenant_id = ? AND status = 'ACTIVE' AND id IN (${placeholders(ids.length)}) RETURNING *`,
    ).all(byId, at.getTime(), tenantId, ...ids);
    for (const row of rows) {
      this.stmt('UPDATE memory_vectors SET status = ? WHERE rowid = ?').run(MemoryStatus.SUPERSEDED, BigInt(row.rowid));
      this.vectorIndexes?.noteChange(tenantId, row.rowid);
    }

    return rows.map(rowToMemory);
  }

  supersedeInto(tenantId: string, survivorId: string, ids: string[], at: Date): Promise<MemoryRecord[]> {
    const others = ids.filter((id) => id !== survivorId);
    const run = this.db.transaction((): MemoryRecord[] => {
      if (others.length === 0 || this.getSync(tenantId, survivorId)?.status !== MemoryStatus.ACTIVE) {
        return [];
      }
      const retired = this.supersedeSync(tenantId, others, survivorId, at);
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
           live_fingerprint = CASE WHEN ? THEN live_fingerprint ELSE NULL END
         WHERE tenant_id = ? AND id = ? RETURNING *`,
      ).get(status, at.getTime(), isLive(status) ? 1 : 0, tenantId, id);
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
    const task = visibility.task;
    if (!task) {
      return Promise.resolve(this.nearest(tenantId, vector, k, visibility));
    }
    // vec0 rows carry no task: other tasks' memories (few: a task has a write budget) are dropped after the search,
    // which widens until k remain or the index has nothing more to give
    for (let limit = k; ; limit *= 4) {
      const hits = this.nearest(tenantId, vector, limit, visibility);
      const allowed = this.taskVisibleIds(tenantId, ids(hits), task.taskId);
      const kept = hits.filter((hit) => allowed.has(hit.id));
      if (kept.length >= k || hits.length < limit) {
        return Promise.resolve(kept.slice(0, k));
      }
    }
  }

  /** The ids among `ids` that a recall with this task filter may see. */
  private taskVisibleIds(tenantId: string, memoryIds: string[], taskId: string | null): Set<string> {
    const visible = chunks(memoryIds).flatMap((chunk) =>
      this.stmt<{ id: string }>(
        `SELECT id FROM memories WHERE +tenant_id = ? AND id IN (${placeholders(chunk.length)})
             AND (source_task_id IS NULL OR source_task_id = ?)`,
      ).all(tenantId, ...chunk, taskId),
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
      scope.wordLimit === null ? words : this.selectiveWords(scope.prefix, words, scope.wordLimit),
    );
    if (match === null || k <= 0) {
      return Promise.resolve([]);
    }
    const vis = visibilityClause('m', visibility);
    // ORDER BY the rank column lets FTS5 sort inside the virtual table, so the join stops after k visible rows
    const rows = this.stmt<{ id: string; score: number }>(
      `SELECT m.id AS id, -f.rank AS score
         FROM memory_fts f JOIN memories m ON m.rowid = f.rowid
         WHERE memory_fts MATCH ? AND f.rank MATCH 'bm25(1.0, ${CONTEXT_WEIGHT}, 0.0)' AND m.tenant_id = ? AND ${vis.sql}
         ORDER BY f.rank LIMIT ?`,
    ).all(`${scope.prefix}{content context} : (${match})`, tenantId, ...vis.params, k);

    return Promise.resolve(rows);
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
        at: now,
      };
      this.textScopes.set(tenantId, cached);
    }

    return cached;
  }

  /** The query's words that match at most `limit` of the rows searched (see wordRowLimit), counted in the index. */
  private selectiveWords(scope: string, words: string[], limit: number): string[] {
    const version = this.values<number>('PRAGMA data_version').get() ?? 0;
    if (version !== this.wordCountsVersion || this.wordCounts.size > WORD_COUNTS_CACHED) {
      // another connection committed (its writes are not counted here), or the cache is full
      this.wordCounts.clear();
      this.wordCountsVersion = version;
    }
    const rows = new Map(words.map((word) => [word, this.wordRows(scope, word, limit)]));

    return selectiveWords(words, rows, limit);
  }

  /**
   * A word's matching rows as selectiveWords reads them: the count up to `limit + 1`, or any count up to `limit` when
   * the word is certainly under it. A count read earlier still decides when the memory_fts rows written since (each
   * moves a count by at most one) cannot have carried it across the limit; it is read SLACK rows further, so a common
   * word's stays decided for a while too. Inside a transaction the count is read afresh (it could be rolled back).
   */
  private wordRows(scope: string, word: string, limit: number): number {
    const count = this.stmt<{ rows: number }>(
      'SELECT count(*) AS rows FROM (SELECT 1 FROM memory_fts WHERE memory_fts MATCH ? LIMIT ?)',
    );
    const match = `${scope}{content context} : "${word}"`;
    if (this.database.db.inTransaction) {
      return count.get(match, limit + 1)?.rows ?? 0;
    }
    const key = `${limit}:${match}`;
    const writes = this.database.memoryTextWrites;
    const cached = this.wordCounts.get(key);
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
    this.wordCounts.set(key, { rows, writes });

    return Math.min(rows, limit + 1);
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

  private values<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.values<R>(sql);
  }

  private arrays<R = unknown>(sql: string): CachedStatement<SqlValue[], R> {
    return this.database.arrays<R>(sql);
  }
}
