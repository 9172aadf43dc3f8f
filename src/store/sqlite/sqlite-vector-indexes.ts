import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

import type { ScoredId } from 'src/domain/memory-store.port';
import { BinaryVectorIndex } from 'src/store/sqlite/binary-vector-index';
import type { BinaryVectorIndexOptions, VectorIndexFilter, VectorIndexRow } from 'src/store/sqlite/binary-vector-index';
import { column } from 'src/store/sqlite/sqlite-columns';
import { visibilityKey } from 'src/store/sqlite/sqlite-rows';
import type { CachedStatement } from 'src/store/sqlite/statement-cache';
import { StatementCache } from 'src/store/sqlite/statement-cache';

export interface SqliteVectorIndexOptions {
  dimensions: number;
  /** Tenants with fewer vectors keep the exact vec0 scan. */
  minRows: number;
  source: VectorIndexSource;
  index?: Omit<BinaryVectorIndexOptions, 'dimensions' | 'initialCapacity'>;
}

/** The index's filter columns of one row, as the source's SQL reads them (after rowid and "has a vector"). */
type MetaColumns = (string | number | null)[];

/**
 * What one vec0 table is indexed from. `metaSql` (one parameter: the tenant) and `rowSql` (one: a rowid) read
 * `rowid, has a vector (1/0)` then, for `rowSql`, `id, tenant_id`, then the columns `meta` turns into the index's
 * filter codes; a search reads `rowSql` again for each candidate, so it never returns a row the exact scan's filter
 * would refuse. `exactSql` (query blob, rowid, tenant) scores one row in vec0 and reads vec0's filter values: for a
 * row whose distance the index cannot give (no float copy, or a zero vector, which vec0 scores as NULL).
 */
export interface VectorIndexSource {
  vectors: 'memory_vectors' | 'message_vectors';
  /** meta key prefix of a tenant's vector epoch: a token every vector write replaces, so other connections can tell. */
  epochKey: string;
  countSql: string;
  metaSql: string;
  rowSql: string;
  exactSql: string;
  meta(columns: MetaColumns): VectorIndexRow;
}

/** The first column `rowSql` reads after rowid, has-vector, id and tenant_id. */
const ROW_META_OFFSET = 4;
/**
 * Beyond this many writes between two searches (or an eighth of the index), the index is dropped and rebuilt:
 * replaying costs about what rebuilding does per row, and a pending vector weighs 4 bytes a dimension.
 */
const MIN_PENDING_LIMIT = 2048;
/** At least this many rows beyond k are scored exactly. */
const MIN_EXACT_MARGIN = 8;
/**
 * C = 20 · (k + margin) rows are rescored with int8 copies, picked by their sign bits among the 4 · C closest in
 * Hamming distance (recall@k against vec0: bench/research/index-recall.ts).
 */
const CANDIDATE_FACTOR = 20;
const PREFILTER_FACTOR = 4;

/** Memories: filtered by status, type and visibility (scope, project, channel). */
export const MEMORY_VECTOR_SOURCE: VectorIndexSource = {
  vectors: 'memory_vectors',
  epochKey: 'vector_epoch:',
  countSql: 'SELECT COUNT(*) FROM memories WHERE tenant_id = ? AND embedding_model IS NOT NULL',
  metaSql: `SELECT rowid, embedding_model IS NOT NULL, status, type, scope, project_id, channel_id
            FROM memories WHERE tenant_id = ?`,
  rowSql: `SELECT rowid, embedding_model IS NOT NULL, id, tenant_id, status, type, scope, project_id, channel_id
           FROM memories WHERE rowid = ?`,
  exactSql: `SELECT m.id AS id, vec_distance_cosine(v.embedding, ?) AS distance,
                    v.status AS status, v.visibility AS visibility, v.type AS type
             FROM memory_vectors v JOIN memories m ON m.rowid = v.rowid
             WHERE v.rowid = ? AND m.tenant_id = ?`,
  meta: ([status, type, scope, projectId, channelId]) => ({
    status: String(status),
    type: String(type),
    visibility: visibilityKey(column.memoryScope(String(scope)), nullable(projectId), nullable(channelId)),
  }),
};

/**
 * Messages: the visibility is the channel, the status whether other channels may see the message ("1": its channel
 * is not private and it came from the guardian, vec0's `shared`).
 */
export const MESSAGE_VECTOR_SOURCE: VectorIndexSource = {
  vectors: 'message_vectors',
  epochKey: 'message_vector_epoch:',
  countSql: 'SELECT COUNT(*) FROM messages WHERE tenant_id = ? AND embedding_model IS NOT NULL',
  metaSql: `SELECT m.rowid, m.embedding_model IS NOT NULL, m.channel_id, c.private = 0 AND m.trust = 'GUARDIAN'
            FROM messages m JOIN channels c ON c.tenant_id = m.tenant_id AND c.id = m.channel_id
            WHERE m.tenant_id = ?`,
  rowSql: `SELECT m.rowid, m.embedding_model IS NOT NULL, m.id, m.tenant_id, m.channel_id,
                  c.private = 0 AND m.trust = 'GUARDIAN'
           FROM messages m JOIN channels c ON c.tenant_id = m.tenant_id AND c.id = m.channel_id
           WHERE m.rowid = ?`,
  exactSql: `SELECT m.id AS id, vec_distance_cosine(v.embedding, ?) AS distance,
                    CAST(v.shared AS TEXT) AS status, v.channel AS visibility, '' AS type
             FROM message_vectors v JOIN messages m ON m.rowid = v.rowid
             WHERE v.rowid = ? AND m.tenant_id = ?`,
  meta: ([channelId, shared]) => ({ status: String(shared), type: '', visibility: String(channelId) }),
};

function nullable(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** Whether a row's filter values (as vec0 holds them) pass the filter. */
export function passes(filter: VectorIndexFilter, row: VectorIndexRow): boolean {
  return (
    filter.statuses.includes(row.status) &&
    (filter.types === undefined || filter.types.length === 0 || filter.types.includes(row.type)) &&
    (filter.visibilityKeys === undefined || filter.visibilityKeys.includes(row.visibility)) &&
    !(filter.excludeVisibilityKeys ?? []).includes(row.visibility)
  );
}

interface ChunkRow {
  size: number;
  validity: Buffer;
  rowids: Buffer;
  vectors: Buffer;
}

interface PendingInsert {
  id: string;
  vector: Float32Array;
}

interface TenantVectors {
  /** Null while the tenant has fewer than minRows vectors: its searches take the exact vec0 scan. */
  index: BinaryVectorIndex | null;
  /** Vector rows: exact when loaded, then moved by this connection's inserts and deletes. */
  rows: number;
  /** The tenant's epoch token when this state was read from the database. */
  epoch: string;
  /** `PRAGMA data_version` when the epoch was last found unchanged. */
  checkedVersion: number;
  /** A write of ours replaced a token that was neither `epoch` nor ours: another connection changed the vectors. */
  stale: boolean;
  /** Rows this connection wrote since the index was last synced, with the vector of inserts. */
  pending: Map<number, PendingInsert | null>;
}

/**
 * Binary-quantized indexes of the large tenants of one SQLite connection, with vec0 as the store of record.
 *
 * An index is built on a tenant's first search once it has minRows vectors. This connection's writes report the
 * rows they touch (inside their transaction); the index replays them against `memories` before the next search,
 * so a rolled-back write leaves no trace. Other connections (a worker) are noticed through `PRAGMA data_version`,
 * and only a change of the tenant's vector epoch, which every vector write replaces, drops its index: commits that
 * leave vectors alone (access counts) keep it.
 */
export class SqliteVectorIndexes {
  private readonly tenants = new Map<string, TenantVectors>();
  private readonly writer = randomUUID();
  private sequence = 0;
  private readonly statements: StatementCache<unknown[]>;

  private readonly source: VectorIndexSource;

  constructor(
    private readonly db: Database,
    private readonly options: SqliteVectorIndexOptions,
  ) {
    this.source = options.source;
    this.statements = new StatementCache(db);
  }

  /** Inside the insert's transaction, after its vec0 row. */
  noteInsert(tenantId: string, rowid: number | bigint, id: string, vector: Float32Array): void {
    const state = this.bumpEpoch(tenantId);
    if (!state) {
      return;
    }
    state.rows++;
    if (state.index) {
      state.pending.set(Number(rowid), { id, vector: vector.slice() });
      this.limitPending(state);
    }
  }

  /** Inside the transaction that changed a vec0 row's status, or deleted `removed` (0 or 1) vec0 rows. */
  noteChange(tenantId: string, rowid: number | bigint, removed = 0): void {
    const state = this.bumpEpoch(tenantId);
    if (!state) {
      return;
    }
    state.rows -= removed;
    const key = Number(rowid);
    if (state.index && !state.pending.has(key)) {
      state.pending.set(key, null);
      this.limitPending(state);
    }
  }

  /** After a bulk change of the tenant's vectors (import, purge): its index is rebuilt on the next search, here and elsewhere. */
  forget(tenantId: string): void {
    this.bumpEpoch(tenantId);
    this.tenants.delete(tenantId);
  }

  /**
   * Hits with exact cosine scores when the tenant is indexed; null when the caller should run the exact vec0 scan.
   * The index ranks k plus a margin by int8 cosine, and vec0 point lookups score those exactly.
   */
  search(tenantId: string, query: Float32Array, k: number, filter: VectorIndexFilter): ScoredId[] | null {
    const index = this.indexFor(tenantId);
    if (!index) {
      return null;
    }
    // a margin of int8 near-ties (hashed-word vectors tie often) gets exact scores too
    const hits = index.search(query, k + Math.max(MIN_EXACT_MARGIN, Math.ceil(k / 4)), filter);
    // rowid order keeps lookups in one vec0 chunk together, whose pages are then still cached
    hits.sort((a, b) => a.rowid - b.rowid);
    const blob = Buffer.from(query.buffer, query.byteOffset, query.byteLength);
    const exact = this.stmt<{ id: string; distance: number } & VectorIndexRow>(this.source.exactSql);
    const lookup = this.arrays<[number, number, string, string, ...MetaColumns]>(this.source.rowSql);
    const scored: ScoredId[] = [];
    for (const hit of hits) {
      // the index's float copy scores the row as vec0 would (bit for bit), and the row's own columns (what the
      // index's filter codes come from, written with the vec0 row) filter it again: a vec0 point lookup walks its
      // 2 MB chunk blob and costs ten times as much
      const distance = index.exactDistance(hit.rowid, query);
      if (distance !== null) {
        const row = lookup.get(hit.rowid);
        // the index holds exactly vec0's rows (it replays every vector write first), whatever embedding_model says
        if (row && row[3] === tenantId && passes(filter, this.source.meta(row.slice(ROW_META_OFFSET)))) {
          scored.push({ id: row[2], score: 1 - distance });
        }
        continue;
      }
      const row = exact.get(blob, hit.rowid, tenantId);
      if (row && passes(filter, row)) {
        scored.push({ id: row.id, score: 1 - row.distance });
      }
    }

    return scored.sort((a, b) => b.score - a.score).slice(0, k);
  }

  private indexFor(tenantId: string): BinaryVectorIndex | null {
    const version = this.values<number>('PRAGMA data_version').get() ?? 0;
    let state = this.tenants.get(tenantId);
    if (state && (state.stale || (state.checkedVersion !== version && !this.trusts(state, this.readEpoch(tenantId))))) {
      this.tenants.delete(tenantId);
      state = undefined;
    }
    if (!state || (!state.index && state.rows >= this.options.minRows)) {
      state = this.load(tenantId, version);
      this.tenants.set(tenantId, state);
    } else if (state.index) {
      this.replay(tenantId, state.index, state.pending);
      state.rows = state.index.size;
    }
    state.checkedVersion = version;

    return state.index;
  }

  private limitPending(state: TenantVectors): void {
    if (state.index && state.pending.size > Math.max(MIN_PENDING_LIMIT, state.index.size / 8)) {
      state.index = null;
      state.pending.clear();
    }
  }

  /** Reads the epoch first, in one read transaction with the rows, so the state is never newer than its epoch. */
  private load(tenantId: string, version: number): TenantVectors {
    return this.db.transaction((): TenantVectors => {
      const epoch = this.readEpoch(tenantId);
      const counted = this.values<number>(this.source.countSql).get(tenantId) ?? 0;
      const index = counted >= this.options.minRows ? this.build(tenantId) : null;

      return { index, rows: index?.size ?? counted, epoch, checkedVersion: version, stale: false, pending: new Map() };
    })();
  }

  private build(tenantId: string): BinaryVectorIndex {
    const meta = new Map<number, VectorIndexRow>();
    let vectors = 0;
    const rows = this.arrays<[number, number, ...MetaColumns]>(this.source.metaSql);
    for (const [rowid, hasVector, ...columns] of rows.iterate(tenantId)) {
      meta.set(rowid, this.source.meta(columns));
      vectors += hasVector;
    }
    const { dimensions } = this.options;
    const create = (): BinaryVectorIndex =>
      new BinaryVectorIndex({
        candidateFactor: CANDIDATE_FACTOR,
        prefilterFactor: PREFILTER_FACTOR,
        keepVectors: true,
        ...this.options.index,
        dimensions,
        initialCapacity: vectors + 1024,
      });
    const fast = create();
    if (this.fillFromChunks(tenantId, fast, meta) && fast.size === vectors) {
      return fast;
    }
    const slow = create();
    this.fillFromTable(tenantId, slow, meta);

    return slow;
  }

  /**
   * Reads vec0's shadow tables (sqlite-vec 0.1.x layout: per-partition chunks of `size` rows with a validity bitmap,
   * int64 rowids and float32 vectors) because a vec0 scan re-walks a 2 MB chunk blob for every row (seconds at 100k).
   * This is private sqlite-vec behaviour, kept on purpose: vec0 has no public bulk read, and the answer never depends
   * on it. Any mismatch with the layout (or a first vector that differs from vec0's own) returns false, and the caller
   * falls back to the public vec0 scan. test/contract/sqlite-vector-index.int-spec.ts fails when that fallback is
   * taken, so an upgrade that changes the layout is noticed at once rather than as a slow first search.
   */
  private fillFromChunks(
    tenantId: string,
    index: BinaryVectorIndex,
    meta: ReadonlyMap<number, VectorIndexRow>,
  ): boolean {
    const dims = this.options.dimensions;
    const stride = dims * 4;
    const scratch = new Float32Array(dims);
    const scratchBytes = new Uint8Array(scratch.buffer);
    let checked = false;
    try {
      const chunks = this.stmt<ChunkRow>(
        `SELECT c.size AS size, c.validity AS validity, c.rowids AS rowids, v.vectors AS vectors
         FROM ${this.source.vectors}_chunks c JOIN ${this.source.vectors}_vector_chunks00 v ON v.rowid = c.chunk_id
         WHERE c.partition00 = ?`,
      );
      for (const { size, validity, rowids, vectors } of chunks.iterate(tenantId)) {
        if (
          !Buffer.isBuffer(validity) ||
          !Buffer.isBuffer(rowids) ||
          !Buffer.isBuffer(vectors) ||
          validity.length * 8 < size ||
          rowids.length !== size * 8 ||
          vectors.length !== size * stride
        ) {
          return false;
        }
        for (let i = 0; i < size; i++) {
          if (((validity[i >> 3]! >> (i & 7)) & 1) === 0) {
            continue;
          }
          const rowid = rowids.readInt32LE(i * 8 + 4) * 0x100000000 + rowids.readUInt32LE(i * 8);
          const row = meta.get(rowid);
          if (!row) {
            return false;
          }
          scratchBytes.set(vectors.subarray(i * stride, (i + 1) * stride));
          if (!checked) {
            const stored = this.readVector(rowid);
            if (!stored || !stored.every((x, j) => Object.is(x, scratch[j]))) {
              return false;
            }
            checked = true;
          }
          index.add(rowid, scratch, row);
        }
      }

      return true;
    } catch {
      return false;
    }
  }

  private fillFromTable(tenantId: string, index: BinaryVectorIndex, meta: ReadonlyMap<number, VectorIndexRow>): void {
    const dims = this.options.dimensions;
    const scratch = new Float32Array(dims);
    const scratchBytes = new Uint8Array(scratch.buffer);
    const rows = this.stmt<{ rowid: number; embedding: Buffer }>(
      `SELECT rowid, embedding FROM ${this.source.vectors} WHERE tenant = ?`,
    );
    for (const row of rows.iterate(tenantId)) {
      const known = meta.get(row.rowid);
      if (known) {
        scratchBytes.set(row.embedding.subarray(0, dims * 4));
        index.add(row.rowid, scratch, known);
      }
    }
  }

  /** Brings the index up to what the rows hold for the rows this connection wrote since the last search. */
  private replay(tenantId: string, index: BinaryVectorIndex, pending: Map<number, PendingInsert | null>): void {
    const lookup = this.arrays<[number, number, string, string, ...MetaColumns]>(this.source.rowSql);
    for (const [rowid, insert] of pending) {
      const row = lookup.get(rowid);
      if (!row || row[3] !== tenantId || row[1] === 0) {
        index.remove(rowid);
        continue;
      }
      const meta = this.source.meta(row.slice(ROW_META_OFFSET));
      if (insert && insert.id === row[2]) {
        index.add(rowid, insert.vector, meta);
      } else if (!index.setMeta(rowid, meta)) {
        const vector = this.readVector(rowid);
        if (vector) {
          index.add(rowid, vector, meta);
        }
      }
    }
    pending.clear();
  }

  private readVector(rowid: number): Float32Array | null {
    const blob = this.values<Buffer>(`SELECT embedding FROM ${this.source.vectors} WHERE rowid = ?`).get(rowid);
    if (!blob) {
      return null;
    }
    const vector = new Float32Array(this.options.dimensions);
    new Uint8Array(vector.buffer).set(blob.subarray(0, vector.byteLength));

    return vector;
  }

  /** Replaces the tenant's epoch token; returns its cached state, marked stale if another connection wrote first. */
  private bumpEpoch(tenantId: string): TenantVectors | undefined {
    const key = this.source.epochKey + tenantId;
    const previous = this.values<string>('SELECT value FROM meta WHERE key = ?').get(key) ?? '';
    this.stmt('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      key,
      `${this.writer}:${++this.sequence}`,
    );
    const state = this.tenants.get(tenantId);
    if (state && !this.trusts(state, previous)) {
      state.stale = true;
    }

    return state;
  }

  /** Tokens of this connection were only ever written over trusted ones (else `stale` is set). */
  private trusts(state: TenantVectors, token: string): boolean {
    return token === state.epoch || token.startsWith(`${this.writer}:`);
  }

  private readEpoch(tenantId: string): string {
    return this.values<string>('SELECT value FROM meta WHERE key = ?').get(this.source.epochKey + tenantId) ?? '';
  }

  private stmt<R = unknown>(sql: string): CachedStatement<unknown[], R> {
    return this.statements.get<R>(sql);
  }

  private values<R = unknown>(sql: string): CachedStatement<unknown[], R> {
    return this.statements.get<R>(sql, 'values');
  }

  private arrays<R = unknown>(sql: string): CachedStatement<unknown[], R> {
    return this.statements.get<R>(sql, 'arrays');
  }
}
