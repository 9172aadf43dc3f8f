import { BinaryVectorIndex } from 'src/store/sqlite/binary-vector-index';
import type { BinaryVectorIndexOptions, VectorIndexRow } from 'src/store/sqlite/binary-vector-index';

/** The index's filter columns of one row, as the source's SQL reads them (after rowid and "has a vector"). */
export type MetaColumns = (string | number | null)[];

/** One vec0 chunk as sqlite-vec 0.1.x stores it: `size` slots, a validity bitmap, int64 rowids, float32 vectors. */
export interface ChunkRow {
  chunkId: number;
  size: number;
  validity: Buffer;
  rowids: Buffer;
  vectors: Buffer;
}

/** What a build reads; each call is one short statement, so the reads of a build span many event-loop turns. */
export interface VectorIndexBuildReader {
  /** The table's largest rowid (any tenant's) when the build begins. */
  lastRowid(): number;
  /** The tenant's rows with a rowid in (afterRowid, throughRowid]: `rowid, has a vector (1/0), ...meta columns`. */
  metaPage(afterRowid: number, throughRowid: number): [number, number, ...MetaColumns][];
  /** The tenant's next vec0 chunk after `afterChunkId` (by chunk id), or undefined. */
  chunkAfter(afterChunkId: number): ChunkRow | undefined;
  /** A row's vector as vec0 returns it (its public read), or null when vec0 has no such row. */
  readVector(rowid: number): Float32Array | null;
  meta(columns: MetaColumns): VectorIndexRow;
}

export interface VectorIndexBuildOptions {
  dimensions: number;
  /**
   * At most this many vector rows are added to the index in one `step`; the pages of filter columns span eight
   * times as many rowids (of any tenant).
   */
  sliceRows: number;
  index: Omit<BinaryVectorIndexOptions, 'dimensions' | 'initialCapacity'>;
}

/** Rows read from the table (one vec0 point lookup each, about ten times a chunk row's cost) in a slice: a fraction. */
const TABLE_SLICE_FRACTION = 4;
const META_SLICE_FACTOR = 8;

type Phase = 'meta' | 'chunks' | 'table' | 'done';

/**
 * One tenant's index, built in slices: each `step` does a bounded amount of work (a page of filter columns, a part
 * of one vec0 chunk, or a few vec0 point lookups) and returns, so the caller can yield to the event loop in between.
 *
 * No read transaction spans the steps (better-sqlite3 runs every statement of the connection inside it), so rows
 * can change between them. Rows this connection writes meanwhile are in `pending` (the caller's replay brings them
 * up to date after the last step, and they are left out of the checks here); a write by another connection must
 * discard the build, which the caller tells from the tenant's vector epoch.
 *
 * The fast path reads vec0's shadow tables (sqlite-vec 0.1.x layout: per-partition chunks of `size` rows with a
 * validity bitmap, int64 rowids and float32 vectors) because a vec0 scan re-walks a 2 MB chunk blob for every row
 * (seconds at 100k). This is private sqlite-vec behaviour, kept on purpose: vec0 has no public bulk read, and the
 * answer never depends on it. Any mismatch with the layout (or a first vector that differs from vec0's own) starts
 * again with vec0's public point reads (`fillFromTable`). test/contract/sqlite-vector-index.int-spec.ts fails when
 * that fallback is taken, so an upgrade that changes the layout is noticed at once rather than as a slow build.
 */
export class VectorIndexBuild {
  private phase: Phase = 'meta';
  private readonly metaRows = new Map<number, VectorIndexRow>();
  /** Rows whose `has a vector` column is 1. */
  private readonly vectorRows = new Set<number>();
  private afterRowid = 0;
  /** The last rowid the pages of filter columns read up to: any later row was written since, by this connection. */
  private lastRowid: number | null = null;
  private index: BinaryVectorIndex | null = null;
  private chunk: ChunkRow | null = null;
  private chunkSlot = 0;
  private afterChunkId = Number.MIN_SAFE_INTEGER;
  private checked = false;
  /** The fallback's position in `tableRowids`. */
  private tableAt = 0;
  private tableRowids: number[] = [];
  private readonly scratch: Float32Array;
  private readonly scratchBytes: Uint8Array;

  constructor(
    private readonly reader: VectorIndexBuildReader,
    private readonly options: VectorIndexBuildOptions,
    /** Rows this connection wrote since the build began (the caller fills it). */
    readonly pending: ReadonlyMap<number, unknown>,
  ) {
    this.scratch = new Float32Array(options.dimensions);
    this.scratchBytes = new Uint8Array(this.scratch.buffer);
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  /** Rows of filter columns read so far (the tenant's rows, once the first phase is over). */
  get rowsSeen(): number {
    return this.metaRows.size;
  }

  /** The built index, once `done`. */
  result(): BinaryVectorIndex {
    if (this.phase !== 'done' || !this.index) {
      throw new Error('the vector index build is not finished');
    }

    return this.index;
  }

  /** One bounded slice of the build; returns whether the build is finished. A read error of the database throws. */
  step(): boolean {
    switch (this.phase) {
      case 'meta':
        this.readMeta();
        break;
      case 'chunks':
        if (!this.fillFromChunks()) {
          this.startTable();
        }
        break;
      case 'table':
        this.fillFromTable();
        break;
      case 'done':
        break;
    }

    return this.done;
  }

  private readMeta(): void {
    this.lastRowid ??= this.reader.lastRowid();
    // an unbounded slice (Infinity) reads every row at once
    const through = Math.min(this.lastRowid, this.afterRowid + this.options.sliceRows * META_SLICE_FACTOR);
    for (const [rowid, hasVector, ...columns] of this.reader.metaPage(this.afterRowid, through)) {
      this.metaRows.set(rowid, this.reader.meta(columns));
      if (hasVector) {
        this.vectorRows.add(rowid);
      }
    }
    this.afterRowid = through;
    if (through >= this.lastRowid) {
      this.index = this.create();
      this.phase = 'chunks';
    }
  }

  private create(): BinaryVectorIndex {
    return new BinaryVectorIndex({
      ...this.options.index,
      dimensions: this.options.dimensions,
      initialCapacity: this.vectorRows.size + 1024,
    });
  }

  /** Adds up to sliceRows rows of vec0's chunks; false on any mismatch with the layout or with `memories`. */
  private fillFromChunks(): boolean {
    const stride = this.options.dimensions * 4;
    const index = this.index!;
    let budget = this.options.sliceRows;
    try {
      while (budget > 0) {
        if (!this.chunk) {
          const next = this.reader.chunkAfter(this.afterChunkId);
          if (!next) {
            return this.finishChunks();
          }
          const { size, validity, rowids, vectors } = next;
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
          this.chunk = next;
          this.chunkSlot = 0;
          this.afterChunkId = next.chunkId;
        }
        const { size, validity, rowids, vectors } = this.chunk;
        for (; this.chunkSlot < size && budget > 0; this.chunkSlot++) {
          const i = this.chunkSlot;
          if (((validity[i >> 3]! >> (i & 7)) & 1) === 0) {
            continue;
          }
          budget--;
          const rowid = rowids.readInt32LE(i * 8 + 4) * 0x100000000 + rowids.readUInt32LE(i * 8);
          const row = this.metaRows.get(rowid);
          if (!row) {
            // a row this connection wrote after its page of filter columns was read: the replay adds it
            if (this.pending.has(rowid)) {
              continue;
            }

            return false;
          }
          this.scratchBytes.set(vectors.subarray(i * stride, (i + 1) * stride));
          if (!this.checked && !this.pending.has(rowid)) {
            const stored = this.reader.readVector(rowid);
            if (!stored || !stored.every((x, j) => Object.is(x, this.scratch[j]))) {
              return false;
            }
            this.checked = true;
          }
          index.add(rowid, this.scratch, row);
        }
        if (this.chunkSlot >= size) {
          this.chunk = null;
        }
      }

      return true;
    } catch {
      return false;
    }
  }

  /** After the last chunk: every row `memories` says has a vector (and this connection left alone) must be held. */
  private finishChunks(): boolean {
    const index = this.index!;
    let expected = 0;
    for (const rowid of this.vectorRows) {
      expected += this.pending.has(rowid) ? 0 : 1;
    }
    let held = index.size;
    for (const rowid of this.pending.keys()) {
      held -= index.has(rowid) ? 1 : 0;
    }
    if (held !== expected) {
      return false;
    }
    this.phase = 'done';

    return true;
  }

  private startTable(): void {
    this.index = this.create();
    this.chunk = null;
    this.tableRowids = [...this.metaRows.keys()];
    this.tableAt = 0;
    this.phase = 'table';
  }

  /** The fallback: vec0's public point read of every row `memories` holds for the tenant, a few a slice. */
  private fillFromTable(): void {
    const index = this.index!;
    const end = Math.min(
      this.tableRowids.length,
      this.tableAt + Math.max(1, Math.floor(this.options.sliceRows / TABLE_SLICE_FRACTION)),
    );
    for (; this.tableAt < end; this.tableAt++) {
      const rowid = this.tableRowids[this.tableAt]!;
      if (this.pending.has(rowid)) {
        continue;
      }
      const vector = this.reader.readVector(rowid);
      if (vector) {
        index.add(rowid, vector, this.metaRows.get(rowid)!);
      }
    }
    if (this.tableAt >= this.tableRowids.length) {
      this.phase = 'done';
    }
  }
}
