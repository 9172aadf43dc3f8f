import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

import type { ScoredId } from 'src/domain/memory-store.port';
import type {
  BinaryVectorIndex,
  BinaryVectorIndexOptions,
  VectorIndexFilter,
  VectorIndexRow,
} from 'src/store/sqlite/binary-vector-index';
import { column } from 'src/store/sqlite/sqlite-columns';
import { visibilityKey } from 'src/store/sqlite/sqlite-rows';
import type { CachedStatement } from 'src/store/sqlite/statement-cache';
import { StatementCache } from 'src/store/sqlite/statement-cache';
import { VectorIndexBuild } from 'src/store/sqlite/vector-index-build';
import type {
  ChunkRow,
  MetaColumns,
  VectorIndexBuildOptions,
  VectorIndexBuildReader,
} from 'src/store/sqlite/vector-index-build';

export interface SqliteVectorIndexOptions {
  dimensions: number;
  /** Tenants with fewer vectors keep the exact vec0 scan. */
  minRows: number;
  source: VectorIndexSource;
  index?: Omit<BinaryVectorIndexOptions, 'dimensions' | 'initialCapacity'>;
  /** Vector rows a build adds between two turns of the event loop (default BUILD_SLICE_ROWS). */
  sliceRows?: number;
}

/**
 * What one vec0 table is indexed from. `metaSql` (parameters: a rowid to read after, the last rowid to read, the
 * tenant: a range of the table's own b-tree, so a page costs the same wherever it starts) and `rowSql` (one: a
 * rowid) read `rowid, has a vector (1/0)` then, for `rowSql`, `id, tenant_id`, then
 * the columns `meta` turns into the index's filter codes; a search reads `rowSql` again for each candidate, so it
 * never returns a row the exact scan's filter would refuse. `exactSql` (query blob, rowid, tenant) scores one row in
 * vec0 and reads vec0's filter values: for a row whose distance the index cannot give (no float copy, or a zero
 * vector, which vec0 scores as NULL).
 */
export interface VectorIndexSource {
  vectors: 'memory_vectors' | 'message_vectors';
  /** meta key prefix of a tenant's vector epoch: a token every vector write replaces, so other connections can tell. */
  epochKey: string;
  /**
   * The tenant's rows, vector or not: an index alone counts them (reading `embedding_model` too visits every row,
   * 25 ms at 100k), and nearly every row has a vector, so it stands for the vector rows until an index is built.
   */
  countSql: string;
  /** The table's largest rowid (of every tenant): the last a build's pages of filter columns read up to. */
  lastRowidSql: string;
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
/**
 * Vector rows a build adds in one event-loop turn: about 5-10 ms of work (a row costs tens of microseconds: its
 * filter columns, quantization and sign bits), so no stretch of a build holds the loop much longer.
 */
export const BUILD_SLICE_ROWS = 256;
/** Builds `ready` starts again when another connection's writes discarded the one before. */
const READY_ATTEMPTS = 4;
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
  countSql: 'SELECT COUNT(*) FROM memories WHERE tenant_id = ?',
  lastRowidSql: 'SELECT max(rowid) FROM memories',
  metaSql: `SELECT rowid, embedding_model IS NOT NULL, status, type, scope, project_id, channel_id
            FROM memories WHERE rowid > ? AND rowid <= ? AND +tenant_id = ?`,
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
  countSql: 'SELECT COUNT(*) FROM messages WHERE tenant_id = ?',
  lastRowidSql: 'SELECT max(rowid) FROM messages',
  metaSql: `SELECT m.rowid, m.embedding_model IS NOT NULL, m.channel_id, c.private = 0 AND m.trust = 'GUARDIAN'
            FROM messages m JOIN channels c ON c.tenant_id = m.tenant_id AND c.id = m.channel_id
            WHERE m.rowid > ? AND m.rowid <= ? AND +m.tenant_id = ?`,
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

interface PendingInsert {
  id: string;
  vector: Float32Array;
}

type Pending = Map<number, PendingInsert | null>;

/** A build under way in the background: one tenant's at most, on this connection. */
interface RunningBuild {
  build: VectorIndexBuild;
  /** The state the index goes to: a build whose tenant state was replaced or dropped is discarded. */
  state: TenantVectors;
  /** Rows this connection wrote since the build began, replayed onto its index before it is put in place. */
  pending: Pending;
  timer: NodeJS.Immediate | null;
  finished: Promise<void>;
  settle(): void;
}

interface TenantVectors {
  /** Null while the tenant has fewer than minRows vectors (or its index is being built): the exact vec0 scan. */
  index: BinaryVectorIndex | null;
  /**
   * Vector rows, moved by this connection's inserts and deletes: exact once an index is built, until then the
   * tenant's rows (countSql).
   */
  rows: number;
  /** The tenant's epoch token when this state was read from the database. */
  epoch: string;
  /** `PRAGMA data_version` when the epoch was last found unchanged. */
  checkedVersion: number;
  /** A write of ours replaced a token that was neither `epoch` nor ours: another connection changed the vectors. */
  stale: boolean;
  /** Rows this connection wrote since the index was last synced, with the vector of inserts. */
  pending: Pending;
}

/**
 * Binary-quantized indexes of the large tenants of one SQLite connection, with vec0 as the store of record.
 *
 * A tenant's first search once it has minRows vectors starts building its index in the background, a slice of
 * sliceRows rows an event-loop turn (VectorIndexBuild), and takes the exact vec0 scan until the index is in place;
 * a tenant whose build fits in one slice is built at once. This connection's writes report the rows they touch
 * (inside their transaction); the index replays them against `memories` before the next search, so a rolled-back
 * write leaves no trace, and a build keeps them aside and replays them before its index is put in place. Other
 * connections (a worker) are noticed through `PRAGMA data_version`, and only a change of the tenant's vector epoch,
 * which every vector write replaces, drops its index (or discards its build: the next search starts another):
 * commits that leave vectors alone (access counts) keep it.
 */
export class SqliteVectorIndexes {
  private readonly tenants = new Map<string, TenantVectors>();
  private readonly builds = new Map<string, RunningBuild>();
  private readonly writer = randomUUID();
  private sequence = 0;
  private stopped = false;
  private readonly statements: StatementCache<unknown[]>;

  private readonly source: VectorIndexSource;
  private readonly sliceRows: number;

  constructor(
    private readonly db: Database,
    private readonly options: SqliteVectorIndexOptions,
  ) {
    this.source = options.source;
    this.sliceRows = Math.max(1, options.sliceRows ?? BUILD_SLICE_ROWS);
    this.statements = new StatementCache(db);
  }

  /** Inside the insert's transaction, after its vec0 row. */
  noteInsert(tenantId: string, rowid: number | bigint, id: string, vector: Float32Array): void {
    const state = this.bumpEpoch(tenantId);
    if (!state) {
      return;
    }
    state.rows++;
    this.track(tenantId, state, Number(rowid), () => ({ id, vector: vector.slice() }));
  }

  /** Inside the transaction that changed a vec0 row's status, or deleted `removed` (0 or 1) vec0 rows. */
  noteChange(tenantId: string, rowid: number | bigint, removed = 0): void {
    const state = this.bumpEpoch(tenantId);
    if (!state) {
      return;
    }
    state.rows -= removed;
    this.track(tenantId, state, Number(rowid), null);
  }

  /** After a bulk change of the tenant's vectors (import, purge): its index is rebuilt on the next search, here and elsewhere. */
  forget(tenantId: string): void {
    this.bumpEpoch(tenantId);
    this.tenants.delete(tenantId);
    this.cancel(tenantId);
  }

  /** Stops every build under way (before the connection closes); later searches take the exact scan. */
  stop(): void {
    this.stopped = true;
    for (const tenantId of [...this.builds.keys()]) {
      this.cancel(tenantId);
    }
  }

  /**
   * Starts the tenant's index when it has none and is large enough, and resolves once no build is under way: true
   * when its searches now go through the index. For a warm-up after boot or an import, and for tests and benches;
   * a build discarded because another connection changed the vectors is started again, a few times at most.
   */
  async ready(tenantId: string): Promise<boolean> {
    for (let attempt = 0; attempt < READY_ATTEMPTS && !this.stopped && this.db.open; attempt++) {
      this.indexFor(tenantId);
      const running = this.builds.get(tenantId);
      if (!running) {
        return (this.tenants.get(tenantId)?.index ?? null) !== null;
      }
      await running.finished;
    }

    return false;
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
    const version = this.version();
    let state = this.tenants.get(tenantId);
    if (state && !this.unchanged(tenantId, state, version)) {
      this.tenants.delete(tenantId);
      this.cancel(tenantId);
      state = undefined;
    }
    if (!state) {
      state = this.load(tenantId, version);
      this.tenants.set(tenantId, state);
    }
    if (state.index) {
      this.replay(tenantId, state.index, state.pending);
      state.rows = state.index.size;
    } else if (state.rows >= this.options.minRows && !this.builds.has(tenantId) && !this.stopped) {
      this.startBuild(tenantId, state);
    }
    state.checkedVersion = version;

    return state.index;
  }

  /** Whether nothing but this connection changed the tenant's vectors since the state was last checked. */
  private unchanged(tenantId: string, state: TenantVectors, version: number): boolean {
    return !state.stale && (state.checkedVersion === version || this.trusts(state, this.readEpoch(tenantId)));
  }

  private version(): number {
    return this.values<number>('PRAGMA data_version').get() ?? 0;
  }

  /** Records a row this connection wrote for the index's next replay, or for the build under way. */
  private track(tenantId: string, state: TenantVectors, rowid: number, insert: (() => PendingInsert) | null): void {
    const running = this.builds.get(tenantId);
    const pending = state.index ? state.pending : running?.state === state ? running.pending : null;
    if (!pending || (!insert && pending.has(rowid))) {
      return;
    }
    pending.set(rowid, insert ? insert() : null);
    const size = state.index?.size ?? running?.build.rowsSeen ?? 0;
    if (pending.size > Math.max(MIN_PENDING_LIMIT, size / 8)) {
      // replaying costs about what building does per row: start again instead
      if (state.index) {
        state.index = null;
        state.pending.clear();
      } else {
        this.cancel(tenantId);
      }
    }
  }

  /** Reads the epoch first, in one read transaction with the count, so the state is never newer than its epoch. */
  private load(tenantId: string, version: number): TenantVectors {
    return this.db.transaction((): TenantVectors => {
      const epoch = this.readEpoch(tenantId);
      const rows = this.values<number>(this.source.countSql).get(tenantId) ?? 0;

      return { index: null, rows, epoch, checkedVersion: version, stale: false, pending: new Map() };
    })();
  }

  /** A tenant whose build fits in one slice is built at once; a larger one in the background, a slice a turn. */
  private startBuild(tenantId: string, state: TenantVectors): void {
    const pending: Pending = new Map();
    const build = new VectorIndexBuild(this.reader(tenantId), this.buildOptions(), pending);
    if (state.rows <= this.sliceRows) {
      while (!build.step()) {
        // every slice at once: together they are about one slice's work
      }
      state.index = build.result();
      state.rows = state.index.size;

      return;
    }
    let settle = (): void => undefined;
    const finished = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const running: RunningBuild = { build, state, pending, timer: null, finished, settle };
    this.builds.set(tenantId, running);
    running.timer = setImmediate(() => this.runSlice(tenantId, running));
  }

  private runSlice(tenantId: string, running: RunningBuild): void {
    running.timer = null;
    if (this.builds.get(tenantId) !== running) {
      return;
    }
    try {
      if (this.stopped || !this.db.open || !this.current(tenantId, running)) {
        this.cancel(tenantId);

        return;
      }
      if (running.build.step()) {
        this.complete(tenantId, running);

        return;
      }
    } catch {
      // a read failed (the connection closing, a busy file): the next search starts again
      this.cancel(tenantId);

      return;
    }
    running.timer = setImmediate(() => this.runSlice(tenantId, running));
  }

  /** Whether the build's tenant state is still the tenant's, and nothing but this connection changed its vectors. */
  private current(tenantId: string, running: RunningBuild): boolean {
    const { state } = running;
    if (this.tenants.get(tenantId) !== state) {
      return false;
    }
    const version = this.version();
    if (!this.unchanged(tenantId, state, version)) {
      return false;
    }
    state.checkedVersion = version;

    return true;
  }

  /** Puts the finished index in place after replaying what this connection wrote while it was built. */
  private complete(tenantId: string, running: RunningBuild): void {
    const { state, pending } = running;
    const index = running.build.result();
    this.replay(tenantId, index, pending);
    state.index = index;
    state.rows = index.size;
    state.pending = new Map();
    this.builds.delete(tenantId);
    running.settle();
  }

  private cancel(tenantId: string): void {
    const running = this.builds.get(tenantId);
    if (!running) {
      return;
    }
    if (running.timer) {
      clearImmediate(running.timer);
      running.timer = null;
    }
    this.builds.delete(tenantId);
    running.settle();
  }

  private buildOptions(): VectorIndexBuildOptions {
    return {
      dimensions: this.options.dimensions,
      sliceRows: this.sliceRows,
      index: {
        candidateFactor: CANDIDATE_FACTOR,
        prefilterFactor: PREFILTER_FACTOR,
        keepVectors: true,
        ...this.options.index,
      },
    };
  }

  private reader(tenantId: string): VectorIndexBuildReader {
    const chunks = `SELECT c.chunk_id AS chunkId, c.size AS size, c.validity AS validity, c.rowids AS rowids,
                           v.vectors AS vectors
                    FROM ${this.source.vectors}_chunks c
                    JOIN ${this.source.vectors}_vector_chunks00 v ON v.rowid = c.chunk_id
                    WHERE c.partition00 = ? AND c.chunk_id > ? ORDER BY c.chunk_id LIMIT 1`;

    return {
      lastRowid: () => this.values<number | null>(this.source.lastRowidSql).get() ?? 0,
      metaPage: (afterRowid, throughRowid) =>
        this.arrays<[number, number, ...MetaColumns]>(this.source.metaSql).all(afterRowid, throughRowid, tenantId),
      chunkAfter: (afterChunkId) => this.stmt<ChunkRow>(chunks).get(tenantId, afterChunkId),
      readVector: (rowid) => this.readVector(rowid),
      meta: (columns) => this.source.meta(columns),
    };
  }

  /** Brings the index up to what the rows hold for the rows this connection wrote since the last search. */
  private replay(tenantId: string, index: BinaryVectorIndex, pending: Pending): void {
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
