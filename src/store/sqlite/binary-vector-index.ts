/** Metadata a search filters on; values are opaque strings interned to small integer codes. */
import { EstimatedTopList } from 'src/store/sqlite/estimated-top-list';
import { Int8DotKernel } from 'src/store/sqlite/int8-dot-kernel';

export interface VectorIndexRow {
  status: string;
  visibility: string;
  type: string;
}

/** Rows a search may return. Values the index has never seen simply match nothing. */
export interface VectorIndexFilter {
  statuses: readonly string[];
  /** Absent: every visibility but the excluded ones. */
  visibilityKeys?: readonly string[];
  excludeVisibilityKeys?: readonly string[];
  /** Absent or empty: every type. */
  types?: readonly string[];
}

export interface VectorIndexHit {
  rowid: number;
  /** Cosine similarity of the query with the int8 copy of the row's vector. */
  score: number;
}

export interface BinaryVectorIndexOptions {
  dimensions: number;
  /** C = max(candidateFactor · k, minCandidates) rows are rescored with their int8 copies. */
  candidateFactor?: number;
  minCandidates?: number;
  /**
   * prefilterFactor · C rows leave the Hamming scan and are ranked by the float query against their sign bits
   * (asymmetric distance) to pick the C for int8 rescoring; 1 skips that stage.
   */
  prefilterFactor?: number;
  initialCapacity?: number;
  /**
   * Keep a float32 copy of every vector (4 bytes a dimension a row) so `exactDistance` can score rows without reading
   * them back from the store. Default: off.
   */
  keepVectors?: boolean;
  /**
   * Take the sign bits of a randomly rotated copy of each vector. Default: decided from the first rows (see
   * SPARSE_SETTLE_ROWS): on when most of their components are exactly zero.
   */
  rotate?: boolean;
}

/** Rows whose zero components are counted before the index decides whether to rotate (or at its first search). */
const SPARSE_SETTLE_ROWS = 256;

const NOT_MATCHED = 0xffff;
const MAX_DIMENSIONS = 8192;

/** Byte offsets of the per-row arrays in the kernel's memory (the int8 rows from 0); scratch starts at `end`. */
interface KernelLayout {
  codes: number;
  statuses: number;
  types: number;
  visibilities: number;
  distances: number;
  end: number;
}

class Interner {
  private readonly ids = new Map<string, number>();

  constructor(
    private readonly what: string,
    private readonly limit: number,
  ) {}

  get size(): number {
    return this.ids.size;
  }

  intern(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.ids.size;
      if (id >= this.limit) {
        throw new Error(`the vector index holds at most ${this.limit} distinct ${this.what} values`);
      }
      this.ids.set(value, id);
    }

    return id;
  }

  find(value: string): number | undefined {
    return this.ids.get(value);
  }
}

/** The `size` best (score, item) pairs pushed so far: a min-heap on score over parallel typed arrays. */
class TopList {
  private scores = new Float64Array(64);
  private items = new Int32Array(64);
  private limit = 0;
  length = 0;

  reset(limit: number): void {
    if (limit > this.scores.length) {
      this.scores = new Float64Array(limit);
      this.items = new Int32Array(limit);
    }
    this.limit = limit;
    this.length = 0;
  }

  push(score: number, item: number): void {
    const scores = this.scores;
    const items = this.items;
    if (this.length < this.limit) {
      let i = this.length++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const parentScore = scores[parent]!;
        if (parentScore <= score) {
          break;
        }
        scores[i] = parentScore;
        items[i] = items[parent]!;
        i = parent;
      }
      scores[i] = score;
      items[i] = item;

      return;
    }
    if (this.length === 0 || score <= scores[0]!) {
      return;
    }
    const n = this.length;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) {
        break;
      }
      if (child + 1 < n && scores[child + 1]! < scores[child]!) {
        child++;
      }
      if (scores[child]! >= score) {
        break;
      }
      scores[i] = scores[child]!;
      items[i] = items[child]!;
      i = child;
    }
    scores[i] = score;
    items[i] = item;
  }

  /** Copies the items, in no particular order, into `out`; returns how many and empties the list. */
  takeInto(out: Int32Array): number {
    const n = this.length;
    out.set(this.items.subarray(0, n));
    this.length = 0;

    return n;
  }
}

/**
 * An in-memory approximate cosine index for one tenant. Each row keeps its sign bits (dims/32 words), an int8
 * copy scaled by its largest component, and interned filter codes, all in growable typed arrays indexed by slot.
 * A search scans every row's Hamming distance with the filter applied, keeps the closest prefilterFactor · C,
 * ranks those by the float query against their sign bits, rescores the best C with the int8 copies and returns
 * the top k by that cosine. Removal moves the last slot into the hole, so the arrays stay dense.
 */
export class BinaryVectorIndex {
  readonly dimensions: number;
  /** Sign bits are taken of the rotated vector, padded to a power of two: this many. */
  private readonly bitDimensions: number;
  private readonly rotation: Rotation;
  private readonly rotated: Float32Array;
  /** Null until decided (see BinaryVectorIndexOptions.rotate). */
  private rotate: boolean | null;
  private zeros = 0;
  private components = 0;
  private readonly words: number;
  /** Words a row's sign code takes: words rounded up to 4 (the kernel's 16-byte step), the rest zero. */
  private readonly codeWords: number;
  /** Bytes of a row's int8 copy: dimensions rounded up to 16 (the kernel's step), the rest zero. */
  private readonly stride: number;
  /**
   * Runs the Hamming scan, the sign ranking's sums and the int8 rescoring's integer dot products that bound the
   * scores (null without WebAssembly SIMD).
   */
  private readonly kernel: Int8DotKernel | null;
  private layout: KernelLayout;
  private readonly candidateFactor: number;
  private readonly minCandidates: number;
  private readonly prefilterFactor: number;

  private capacity: number;
  private count = 0;
  /** Like quantized, statusCodes, typeCodes, visibilityCodes and distances: in the kernel's memory when there is one. */
  private codes: Uint32Array;
  private quantized: Int8Array;
  /** The float32 vectors when keepVectors is on, else empty. */
  private vectors: Float32Array;
  private readonly keepVectors: boolean;
  private inverseNorms: Float32Array;
  private statusCodes: Uint8Array;
  private typeCodes: Uint8Array;
  private visibilityCodes: Uint32Array;
  private rowids: Float64Array;
  private readonly slots = new Map<number, number>();

  private readonly statuses = new Interner('status', 256);
  private readonly types = new Interner('type', 256);
  private readonly visibilities = new Interner('visibility', 0xffffffff);

  private distances: Uint16Array;
  private readonly histogram: Uint32Array;
  private readonly queryCode: Uint32Array;
  private readonly signTable: Float64Array;
  private readonly statusAllowed = new Uint8Array(256);
  private readonly typeAllowed = new Uint8Array(256);
  private visibilityAllowed = new Uint8Array(16);
  private candidates = new Int32Array(1024);
  private readonly top = new TopList();
  private readonly rescored = new EstimatedTopList();

  constructor(options: BinaryVectorIndexOptions) {
    const { dimensions } = options;
    if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions > MAX_DIMENSIONS) {
      throw new Error(`invalid vector dimension ${dimensions}`);
    }
    this.dimensions = dimensions;
    this.bitDimensions = Math.max(32, 2 ** Math.ceil(Math.log2(dimensions)));
    this.rotation = new Rotation(this.bitDimensions);
    this.rotated = new Float32Array(this.bitDimensions);
    this.rotate = options.rotate ?? null;
    this.words = this.bitDimensions / 32;
    this.codeWords = Math.ceil(this.words / 4) * 4;
    this.candidateFactor = options.candidateFactor ?? 10;
    this.minCandidates = options.minCandidates ?? 400;
    this.prefilterFactor = Math.max(1, options.prefilterFactor ?? 10);
    this.capacity = Math.max(16, options.initialCapacity ?? 1024);
    this.stride = Math.ceil(dimensions / 16) * 16;
    this.layout = this.layoutFor(this.capacity);
    this.kernel = Int8DotKernel.create(this.layout.end);
    this.codes = new Uint32Array(this.capacity * this.codeWords);
    this.quantized = new Int8Array(this.capacity * this.stride);
    this.statusCodes = new Uint8Array(this.capacity);
    this.typeCodes = new Uint8Array(this.capacity);
    this.visibilityCodes = new Uint32Array(this.capacity);
    this.distances = new Uint16Array(this.capacity);
    this.bindViews();
    this.keepVectors = options.keepVectors ?? false;
    this.vectors = new Float32Array(this.keepVectors ? this.capacity * dimensions : 0);
    this.inverseNorms = new Float32Array(this.capacity);
    this.rowids = new Float64Array(this.capacity);
    this.histogram = new Uint32Array(this.words * 32 + 1);
    this.queryCode = new Uint32Array(this.codeWords);
    // with a kernel the table is built in its scratch
    this.signTable = new Float64Array(this.kernel ? 0 : this.words * 4 * 256);
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held by the per-row arrays (at current capacity) and the rowid map, roughly. */
  get byteLength(): number {
    const arrays = [
      this.codes,
      this.quantized,
      this.vectors,
      this.inverseNorms,
      this.statusCodes,
      this.typeCodes,
      this.visibilityCodes,
      this.rowids,
      this.distances,
    ].reduce((sum, array) => sum + array.byteLength, 0);

    // V8 keeps a Map entry in about three 8-byte words of its hash table.
    return arrays + this.slots.size * 24;
  }

  has(rowid: number): boolean {
    return this.slots.has(rowid);
  }

  /** Adds a row, or replaces the vector and metadata of an existing rowid. */
  add(rowid: number, vector: Float32Array, row: VectorIndexRow): void {
    if (vector.length !== this.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, the index expects ${this.dimensions}`);
    }
    if (!Number.isSafeInteger(rowid)) {
      throw new Error(`invalid rowid ${rowid}`);
    }
    const status = this.statuses.intern(row.status);
    const type = this.types.intern(row.type);
    const visibility = this.visibilities.intern(row.visibility);
    let slot = this.slots.get(rowid);
    if (slot === undefined) {
      if (this.count === this.capacity) {
        this.grow(Math.ceil(this.capacity * 1.5));
      }
      slot = this.count++;
      this.slots.set(rowid, slot);
      this.rowids[slot] = rowid;
    }
    this.statusCodes[slot] = status;
    this.typeCodes[slot] = type;
    this.visibilityCodes[slot] = visibility;
    this.encode(slot, vector);
    if (this.keepVectors) {
      this.vectors.set(vector, slot * this.dimensions);
    }
    if (this.rotate === null) {
      for (let j = 0; j < this.dimensions; j++) {
        this.zeros += vector[j] === 0 ? 1 : 0;
      }
      this.components += this.dimensions;
      if (this.components >= SPARSE_SETTLE_ROWS * this.dimensions) {
        this.settle();
      }
    }
  }

  /**
   * Decides whether sign bits come from rotated vectors: yes when most components seen are exactly zero (a zero has
   * no sign, so unrotated sparse vectors hash alike whatever they hold). Rows encoded before are encoded again from
   * their int8 copies.
   */
  private settle(): void {
    this.rotate = this.zeros * 2 > this.components;
    if (!this.rotate) {
      return;
    }
    const dims = this.dimensions;
    const copy = new Float32Array(dims);
    for (let slot = 0; slot < this.count; slot++) {
      for (let j = 0; j < dims; j++) {
        copy[j] = this.quantized[slot * this.stride + j]!;
      }
      signBits(this.rotation.apply(copy, this.rotated), this.codes, slot * this.codeWords, this.words);
    }
  }

  /** The query or row as its sign bits are taken: padded to bitDimensions, and rotated when the index rotates. */
  private forSigns(vector: Float32Array): Float32Array {
    if (this.rotate) {
      return this.rotation.apply(vector, this.rotated);
    }
    this.rotated.fill(0);
    this.rotated.set(vector);

    return this.rotated;
  }

  /** Replaces the filter values of a row already held; false when it is not. */
  setMeta(rowid: number, row: VectorIndexRow): boolean {
    const slot = this.slots.get(rowid);
    if (slot === undefined) {
      return false;
    }
    this.statusCodes[slot] = this.statuses.intern(row.status);
    this.typeCodes[slot] = this.types.intern(row.type);
    this.visibilityCodes[slot] = this.visibilities.intern(row.visibility);

    return true;
  }

  remove(rowid: number): boolean {
    const slot = this.slots.get(rowid);
    if (slot === undefined) {
      return false;
    }
    const last = --this.count;
    this.slots.delete(rowid);
    if (slot !== last) {
      const words = this.codeWords;
      const dims = this.dimensions;
      const stride = this.stride;
      this.codes.copyWithin(slot * words, last * words, (last + 1) * words);
      this.quantized.copyWithin(slot * stride, last * stride, (last + 1) * stride);
      if (this.keepVectors) {
        this.vectors.copyWithin(slot * dims, last * dims, (last + 1) * dims);
      }
      this.inverseNorms[slot] = this.inverseNorms[last]!;
      this.statusCodes[slot] = this.statusCodes[last]!;
      this.typeCodes[slot] = this.typeCodes[last]!;
      this.visibilityCodes[slot] = this.visibilityCodes[last]!;
      const moved = this.rowids[last]!;
      this.rowids[slot] = moved;
      this.slots.set(moved, slot);
    }

    return true;
  }

  /**
   * The cosine distance of the query to a row's kept float32 vector, computed as sqlite-vec's vec_distance_cosine
   * computes it (float32 sums in component order, then 1 - dot / (sqrt(|a|²) · sqrt(|b|²)) in double, returned as
   * float32), so the value is the one vec0 would give, bit for bit. Null when the row is not held, vectors are not
   * kept, or the distance is not a number (a zero vector: SQLite would return NULL).
   */
  exactDistance(rowid: number, query: Float32Array): number | null {
    const slot = this.slots.get(rowid);
    if (!this.keepVectors || slot === undefined || query.length !== this.dimensions) {
      return null;
    }
    const f = Math.fround;
    const dims = this.dimensions;
    const vectors = this.vectors;
    const base = slot * dims;
    let dot = 0;
    let queryMagnitude = 0;
    let rowMagnitude = 0;
    const kernel = this.kernel;
    if (kernel) {
      // the same float32 operations in the same order, without a conversion to and from double around each
      const at = this.scratch(dims * 8 + 12);
      const scratch = new Float32Array(kernel.buffer, at, dims * 2 + 3);
      scratch.set(query);
      scratch.set(vectors.subarray(base, base + dims), dims);
      kernel.sums(at, at + dims * 4, dims, at + dims * 8);
      dot = scratch[dims * 2]!;
      queryMagnitude = scratch[dims * 2 + 1]!;
      rowMagnitude = scratch[dims * 2 + 2]!;
    } else {
      for (let j = 0; j < dims; j++) {
        const a = query[j]!;
        const b = vectors[base + j]!;
        // a float32 product is exact in double, so fround of it is the float32 product
        dot = f(dot + f(a * b));
        queryMagnitude = f(queryMagnitude + f(a * a));
        rowMagnitude = f(rowMagnitude + f(b * b));
      }
    }
    const distance = f(1 - dot / (Math.sqrt(queryMagnitude) * Math.sqrt(rowMagnitude)));

    return Number.isNaN(distance) ? null : distance;
  }

  /** The k rows matching the filter with the highest approximate cosine to the query, best first. */
  search(query: Float32Array, k: number, filter: VectorIndexFilter): VectorIndexHit[] {
    if (query.length !== this.dimensions) {
      throw new Error(`query has ${query.length} dimensions, the index expects ${this.dimensions}`);
    }
    if (k <= 0 || this.count === 0) {
      return [];
    }
    this.allow(filter);
    try {
      const rescored = Math.max(Math.ceil(this.candidateFactor * k), this.minCandidates, k);
      if (this.rotate === null) {
        this.settle();
      }
      const signed = this.forSigns(query);
      const matched = this.scan(signed);
      if (matched === 0) {
        return [];
      }
      let candidates = this.closest(matched, rescored * this.prefilterFactor);
      if (candidates > rescored) {
        candidates = this.rankBySigns(signed, candidates, rescored);
      }

      return this.rescore(query, candidates, k);
    } finally {
      this.visibilityAllowed.fill(0);
    }
  }

  private encode(slot: number, vector: Float32Array): void {
    const dims = this.dimensions;
    let maxAbs = 0;
    for (let j = 0; j < dims; j++) {
      maxAbs = Math.max(maxAbs, Math.abs(vector[j]!));
    }
    const scale = maxAbs > 0 ? 127 / maxAbs : 0;
    const quantized = this.quantized;
    const base = slot * this.stride;
    let sumSquares = 0;
    for (let j = 0; j < dims; j++) {
      // Math.round without its branches: the shifted value is positive, so truncation rounds it
      const q = ((vector[j]! * scale + 128.5) | 0) - 128;
      quantized[base + j] = q;
      sumSquares += q * q;
    }
    this.inverseNorms[slot] = sumSquares > 0 ? 1 / Math.sqrt(sumSquares) : 0;
    signBits(this.forSigns(vector), this.codes, slot * this.codeWords, this.words);
  }

  /** Where the per-row arrays go in the kernel's memory at a capacity (unused without a kernel). */
  private layoutFor(capacity: number): KernelLayout {
    const align = (at: number): number => Math.ceil(at / 16) * 16;
    const codes = align(capacity * this.stride);
    const statuses = codes + capacity * this.codeWords * 4;
    const types = align(statuses + capacity);
    const visibilities = align(types + capacity);
    const distances = visibilities + capacity * 4;

    return { codes, statuses, types, visibilities, distances, end: align(distances + capacity * 2) };
  }

  /** Makes the per-row arrays views of the kernel's memory again (after it grew, which replaces its buffer). */
  private bindViews(): void {
    if (!this.kernel) {
      return;
    }
    const buffer = this.kernel.buffer;
    const capacity = this.capacity;
    const layout = this.layout;
    this.quantized = new Int8Array(buffer, 0, capacity * this.stride);
    this.codes = new Uint32Array(buffer, layout.codes, capacity * this.codeWords);
    this.statusCodes = new Uint8Array(buffer, layout.statuses, capacity);
    this.typeCodes = new Uint8Array(buffer, layout.types, capacity);
    this.visibilityCodes = new Uint32Array(buffer, layout.visibilities, capacity);
    this.distances = new Uint16Array(buffer, layout.distances, capacity);
  }

  /**
   * Makes sure `bytes` of scratch follow the per-row arrays in the kernel's memory and returns where they start. Views
   * of the memory taken before the call may be stale after it; the index's own are made again.
   */
  private scratch(bytes: number): number {
    if (this.kernel!.reserve(this.layout.end + bytes)) {
      this.bindViews();
    }

    return this.layout.end;
  }

  private grow(capacity: number): void {
    const resize = <T extends Uint8Array | Int8Array | Uint16Array | Uint32Array | Float32Array | Float64Array>(
      from: T,
      make: (length: number) => T,
      perRow: number,
    ): T => {
      const to = make(capacity * perRow);
      to.set(from.subarray(0, this.count * perRow));

      return to;
    };
    if (this.keepVectors) {
      this.vectors = resize(this.vectors, (n) => new Float32Array(n), this.dimensions);
    }
    this.inverseNorms = resize(this.inverseNorms, (n) => new Float32Array(n), 1);
    this.rowids = resize(this.rowids, (n) => new Float64Array(n), 1);
    if (!this.kernel) {
      this.codes = resize(this.codes, (n) => new Uint32Array(n), this.codeWords);
      this.quantized = resize(this.quantized, (n) => new Int8Array(n), this.stride);
      this.statusCodes = resize(this.statusCodes, (n) => new Uint8Array(n), 1);
      this.typeCodes = resize(this.typeCodes, (n) => new Uint8Array(n), 1);
      this.visibilityCodes = resize(this.visibilityCodes, (n) => new Uint32Array(n), 1);
      this.distances = new Uint16Array(capacity);
      this.capacity = capacity;

      return;
    }
    // The int8 rows stay where they are (the memory grows in place); the arrays after them move up to their new
    // places, and everything from the old rows' end is zeroed first (codes and rows are zero-padded).
    const count = this.count;
    const codes = this.codes.slice(0, count * this.codeWords);
    const statuses = this.statusCodes.slice(0, count);
    const types = this.typeCodes.slice(0, count);
    const visibilities = this.visibilityCodes.slice(0, count);
    const rowsEnd = this.capacity * this.stride;
    this.capacity = capacity;
    this.layout = this.layoutFor(capacity);
    this.kernel.reserve(this.layout.end);
    this.bindViews();
    new Uint8Array(this.kernel.buffer, rowsEnd, this.layout.end - rowsEnd).fill(0);
    this.codes.set(codes);
    this.statusCodes.set(statuses);
    this.typeCodes.set(types);
    this.visibilityCodes.set(visibilities);
  }

  /** Fills the allowed-code tables for a filter (the visibility table is cleared after the search). */
  private allow(filter: VectorIndexFilter): void {
    this.statusAllowed.fill(0);
    for (const status of filter.statuses) {
      const id = this.statuses.find(status);
      if (id !== undefined) {
        this.statusAllowed[id] = 1;
      }
    }
    if (filter.types && filter.types.length > 0) {
      this.typeAllowed.fill(0);
      for (const type of filter.types) {
        const id = this.types.find(type);
        if (id !== undefined) {
          this.typeAllowed[id] = 1;
        }
      }
    } else {
      this.typeAllowed.fill(1);
    }
    if (this.visibilityAllowed.length < this.visibilities.size) {
      this.visibilityAllowed = new Uint8Array(Math.max(this.visibilities.size, this.visibilityAllowed.length * 2));
    }
    const allowed = this.visibilityAllowed;
    const set = (keys: readonly string[], value: number): void => {
      for (const key of keys) {
        const id = this.visibilities.find(key);
        if (id !== undefined) {
          allowed[id] = value;
        }
      }
    };
    if (filter.visibilityKeys) {
      set(filter.visibilityKeys, 1);
    } else {
      allowed.fill(1, 0, this.visibilities.size);
    }
    set(filter.excludeVisibilityKeys ?? [], 0);
  }

  /** Hamming distance of every matching row to the query's sign bits, with their histogram; returns the matches. */
  private scan(query: Float32Array): number {
    const words = this.words;
    const q = this.queryCode;
    signBits(query, q, 0, words);
    if (this.kernel) {
      return this.scanInKernel();
    }
    const codeWords = this.codeWords;
    const codes = this.codes;
    const distances = this.distances;
    const histogram = this.histogram;
    histogram.fill(0);
    const statusCodes = this.statusCodes;
    const typeCodes = this.typeCodes;
    const visibilityCodes = this.visibilityCodes;
    const statusAllowed = this.statusAllowed;
    const typeAllowed = this.typeAllowed;
    const visibilityAllowed = this.visibilityAllowed;
    const pairs = words & ~1;
    const n = this.count;
    let matched = 0;
    for (let slot = 0, base = 0; slot < n; slot++, base += codeWords) {
      const allowed = statusAllowed[statusCodes[slot]!]! & typeAllowed[typeCodes[slot]!]!;
      if ((allowed & visibilityAllowed[visibilityCodes[slot]!]!) === 0) {
        distances[slot] = NOT_MATCHED;
        continue;
      }
      let distance = 0;
      for (let w = 0; w < pairs; w += 2) {
        // Two words share the byte-wise popcount before the final multiply.
        let x = codes[base + w]! ^ q[w]!;
        let y = codes[base + w + 1]! ^ q[w + 1]!;
        x -= (x >>> 1) & 0x55555555;
        y -= (y >>> 1) & 0x55555555;
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
        y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
        x += y;
        x = (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
        distance += Math.imul(x, 0x01010101) >>> 24;
      }
      if (pairs < words) {
        let x = codes[base + pairs]! ^ q[pairs]!;
        x -= (x >>> 1) & 0x55555555;
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
        x = (x + (x >>> 4)) & 0x0f0f0f0f;
        distance += Math.imul(x, 0x01010101) >>> 24;
      }
      distances[slot] = distance;
      histogram[distance] = histogram[distance]! + 1;
      matched++;
    }

    return matched;
  }

  /** `scan` by the kernel: the allowed-code tables, the query's code and the histogram go to its scratch. */
  private scanInKernel(): number {
    const visibilities = this.visibilities.size;
    const codeBytes = this.codeWords * 4;
    const histogram = this.histogram;
    const allowedAt = this.scratch(512 + visibilities + 16 + codeBytes + histogram.byteLength);
    const queryAt = allowedAt + Math.ceil((512 + visibilities) / 16) * 16;
    const histogramAt = queryAt + codeBytes;
    const buffer = this.kernel!.buffer;
    const allowed = new Uint8Array(buffer, allowedAt, 512 + visibilities);
    allowed.set(this.statusAllowed);
    allowed.set(this.typeAllowed, 256);
    allowed.set(this.visibilityAllowed.subarray(0, visibilities), 512);
    new Uint32Array(buffer, queryAt, this.codeWords).set(this.queryCode);
    const counts = new Uint32Array(buffer, histogramAt, histogram.length);
    counts.fill(0);
    const layout = this.layout;
    const matched = this.kernel!.hamming(
      layout.codes,
      queryAt,
      codeBytes,
      this.count,
      layout.statuses,
      layout.types,
      layout.visibilities,
      allowedAt,
      layout.distances,
      histogramAt,
    );
    histogram.set(counts);

    return matched;
  }

  /** Puts the `limit` matching slots of smallest Hamming distance in `candidates`; returns how many. */
  private closest(matched: number, limit: number): number {
    const wanted = Math.min(matched, limit);
    if (this.candidates.length < wanted) {
      this.candidates = new Int32Array(wanted);
    }
    const candidates = this.candidates;
    const distances = this.distances;
    const n = this.count;
    let taken = 0;
    if (wanted === matched) {
      for (let slot = 0; slot < n; slot++) {
        if (distances[slot] !== NOT_MATCHED) {
          candidates[taken++] = slot;
        }
      }

      return taken;
    }
    const histogram = this.histogram;
    let threshold = 0;
    let below = 0;
    while (below + histogram[threshold]! < wanted) {
      below += histogram[threshold]!;
      threshold++;
    }
    let ties = wanted - below;
    for (let slot = 0; slot < n && taken < wanted; slot++) {
      const distance = distances[slot]!;
      if (distance < threshold) {
        candidates[taken++] = slot;
      } else if (distance === threshold && ties > 0) {
        candidates[taken++] = slot;
        ties--;
      }
    }

    return taken;
  }

  /** Keeps the `limit` candidates whose sign bits agree best with the float query (sum of ±query components). */
  private rankBySigns(query: Float32Array, count: number, limit: number): number {
    const top = this.top;
    top.reset(limit);
    const candidates = this.candidates;
    const kernel = this.kernel;
    if (kernel) {
      const entries = this.words * 4 * 256;
      const tableAt = this.scratch(entries * 8 + count * 12);
      const scoresAt = tableAt + entries * 8;
      const slotsAt = scoresAt + count * 8;
      const buffer = kernel.buffer;
      this.fillSignTable(query, new Float64Array(buffer, tableAt, entries));
      new Int32Array(buffer, slotsAt, count).set(candidates.subarray(0, count));
      kernel.signScores(tableAt, this.layout.codes, this.codeWords * 4, this.words * 4, slotsAt, count, scoresAt);
      const scores = new Float64Array(buffer, scoresAt, count);
      for (let c = 0; c < count; c++) {
        top.push(scores[c]!, candidates[c]!);
      }

      return top.takeInto(candidates);
    }
    const table = this.signTable;
    this.fillSignTable(query, table);
    const codes = this.codes;
    const words = this.words;
    const codeWords = this.codeWords;
    for (let c = 0; c < count; c++) {
      const slot = candidates[c]!;
      let score = 0;
      for (let w = 0, base = slot * codeWords, t = 0; w < words; w++, t += 1024) {
        const code = codes[base + w]!;
        score +=
          table[t + (code & 0xff)]! +
          table[t + 256 + ((code >>> 8) & 0xff)]! +
          table[t + 512 + ((code >>> 16) & 0xff)]! +
          table[t + 768 + (code >>> 24)]!;
      }
      top.push(score, slot);
    }

    // the int8 rescoring ranks them again: their order here does not matter
    return top.takeInto(candidates);
  }

  /** table[256 · b + v]: the sum over the 8 bits of code byte b of +query component where v has the bit, else -. */
  private fillSignTable(query: Float32Array, table: Float64Array): void {
    const dims = this.bitDimensions;
    const bytes = this.words * 4;
    for (let b = 0; b < bytes; b++) {
      const base = b << 8;
      let negatives = 0;
      for (let j = 0; j < 8; j++) {
        const d = b * 8 + j;
        negatives -= d < dims ? query[d]! : 0;
      }
      table[base] = negatives;
      for (let v = 1; v < 256; v++) {
        const low = v & -v;
        const d = b * 8 + 31 - Math.clz32(low);
        table[base + v] = table[base + (v ^ low)]! + (d < dims ? 2 * query[d]! : 0);
      }
    }
  }

  /**
   * The top k candidates by int8 cosine. The kernel's integer dot products with a rounded copy of the query estimate
   * each candidate's score within a bound, and a candidate is scored only when the top list cannot rank it from the
   * estimates: the result is the one scoring every candidate gives, bit for bit, ties and all.
   */
  private rescore(query: Float32Array, count: number, k: number): VectorIndexHit[] {
    const dims = this.dimensions;
    let queryNorm = 0;
    for (let j = 0; j < dims; j++) {
      queryNorm += query[j]! * query[j]!;
    }
    const inverseQueryNorm = queryNorm > 0 ? 1 / Math.sqrt(queryNorm) : 0;
    // before the views are taken: it may grow the kernel's memory, which replaces its buffer
    const estimates = this.estimate(query, count, inverseQueryNorm);
    const quantized = this.quantized;
    const inverseNorms = this.inverseNorms;
    const candidates = this.candidates;
    const stride = this.stride;
    const unrolled = dims & ~3;
    const score = (c: number): number => {
      const slot = candidates[c]!;
      const base = slot * stride;
      let dot = 0;
      let j = 0;
      for (; j < unrolled; j += 4) {
        dot +=
          quantized[base + j]! * query[j]! +
          quantized[base + j + 1]! * query[j + 1]! +
          quantized[base + j + 2]! * query[j + 2]! +
          quantized[base + j + 3]! * query[j + 3]!;
      }
      for (; j < dims; j++) {
        dot += quantized[base + j]! * query[j]!;
      }

      return dot * inverseNorms[slot]! * inverseQueryNorm;
    };
    const top = this.rescored;
    top.reset(k, count, estimates?.bound ?? Infinity, score);
    for (let c = 0; c < count; c++) {
      top.push(c, estimates ? estimates.dots[c]! * inverseNorms[candidates[c]!]! * estimates.scale : 0);
    }
    const { items, scores } = top.drain();

    return Array.from(items, (c, i) => ({ rowid: this.rowids[candidates[c]!]!, score: scores[i]! }));
  }

  /**
   * Integer dot products of the candidates' int8 copies with Q = round(σ · query) (σ scales the largest component to
   * `limit`), so that dots[c] · inverseNorm · scale is the candidate's int8 cosine (as `rescore` computes it) within
   * `bound`. With e = Q - σ · q,
   * Σ x·q - Σ x·Q / σ = -Σ x·e / σ, at most |x| · |e| / σ (Cauchy-Schwarz); times the norms' inverses that is
   * |e| / (σ · |q|) for every row. The rest of `bound` covers float rounding (relative 2^-24 for the float32 inverse
   * norms, about 2^-53 per operation elsewhere) many times over. Null without a kernel or for a query of zeros,
   * NaN or infinities.
   */
  private estimate(
    query: Float32Array,
    count: number,
    inverseQueryNorm: number,
  ): { dots: Int32Array; scale: number; bound: number } | null {
    const kernel = this.kernel;
    const dims = this.dimensions;
    const stride = this.stride;
    let maxAbs = 0;
    for (let j = 0; j < dims; j++) {
      maxAbs = Math.max(maxAbs, Math.abs(query[j]!));
    }
    if (!kernel || count === 0 || !(maxAbs > 0 && maxAbs < Infinity && inverseQueryNorm > 0)) {
      return null;
    }
    const queryAt = this.scratch(stride * 2 + count * 8);
    const slotsAt = queryAt + stride * 2;
    const dotsAt = slotsAt + count * 4;
    // |x| ≤ 128 (a NaN row quantizes to -128): the exact sum fits in int32, so the kernel's wrapping adds are exact
    const limit = Math.min(32767, Math.floor(0x7fffffff / (128 * stride)));
    const sigma = limit / maxAbs;
    const rounded = new Int16Array(kernel.buffer, queryAt, stride);
    let errors = 0;
    for (let j = 0; j < dims; j++) {
      const scaled = sigma * query[j]!;
      const q = Math.round(scaled);
      rounded[j] = q;
      errors += (q - scaled) * (q - scaled);
    }
    rounded.fill(0, dims);
    new Int32Array(kernel.buffer, slotsAt, count).set(this.candidates.subarray(0, count));
    kernel.dots(queryAt, 0, stride, slotsAt, count, dotsAt);
    const scale = inverseQueryNorm / sigma;

    return {
      dots: new Int32Array(kernel.buffer, dotsAt, count),
      scale,
      bound: Math.sqrt(errors) * scale * (1 + 1e-6) + 1e-9,
    };
  }
}

/**
 * A fixed random rotation of R^n (n a power of two): three rounds of random sign flips and a fast Walsh-Hadamard
 * transform, zero-padding shorter vectors. Sign bits of a rotated vector are hyperplane hashes whose Hamming distance
 * tracks the angle between vectors. Without it a sparse vector (hashed words, or any vector with many zero
 * components) gives its zeros the same bit as its negatives, and the Hamming scan misses most true neighbours.
 */
class Rotation {
  private readonly signs: Float32Array[];
  private readonly scale: number;

  constructor(private readonly n: number) {
    // a fixed seed: every index, in every process, rotates alike (the codes are never stored, but tests repeat)
    let seed = 0x9e3779b9;
    const next = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;

      return (t ^ (t >>> 14)) >>> 0;
    };
    this.signs = Array.from({ length: 3 }, () => Float32Array.from({ length: n }, () => (next() & 1 ? 1 : -1)));
    this.scale = 1 / Math.sqrt(n) ** 3;
  }

  /** Writes the rotated `vector` into `out` (length n) and returns it. */
  apply(vector: Float32Array, out: Float32Array): Float32Array {
    const n = this.n;
    out.fill(0);
    out.set(vector);
    for (const signs of this.signs) {
      for (let j = 0; j < n; j++) {
        out[j] = out[j]! * signs[j]!;
      }
      for (let h = 1; h < n; h <<= 1) {
        for (let i = 0; i < n; i += h << 1) {
          for (let j = i; j < i + h; j++) {
            const a = out[j]!;
            const b = out[j + h]!;
            out[j] = a + b;
            out[j + h] = a - b;
          }
        }
      }
    }
    for (let j = 0; j < n; j++) {
      out[j] = out[j]! * this.scale;
    }

    return out;
  }
}

/** Bit j of word w is set when component 32·w + j is positive. */
function signBits(vector: Float32Array, out: Uint32Array, offset: number, words: number): void {
  const dims = vector.length;
  // Branch-free on the float's bit pattern (signs are a coin toss, so a branch mispredicts half the time):
  // x > 0 exactly when its int32 image i > 0 (NaN aside), and (-i & ~i) has the sign bit set exactly then.
  const image = new Int32Array(vector.buffer, vector.byteOffset, dims);
  for (let w = 0; w < words; w++) {
    let bits = 0;
    const end = Math.min(32, dims - w * 32);
    for (let j = 0; j < end; j++) {
      const i = image[w * 32 + j]!;
      bits |= ((-i & ~i) >>> 31) << j;
    }
    out[offset + w] = bits >>> 0;
  }
}
