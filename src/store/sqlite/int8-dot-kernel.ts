/**
 * A WebAssembly SIMD kernel for the hot loops of BinaryVectorIndex: the filtered Hamming scan of the sign codes
 * (i8x16.popcnt, 16 code bytes an instruction group), the sign-table ranking of its closest rows, and the int8
 * rescoring's integer dot products of int8 rows with an int16 copy of the query. Its bytes are written out below
 * rather than compiled from a .wat file: the module is a few small functions, the repository has no WebAssembly
 * toolchain, and installing one (or a prebuilt .wasm) for it would add a build step for a kilobyte. The text format is
 * in the comments.
 */

/** The parts of the WebAssembly API this module uses (lib ES2022 and @types/node do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> };
}

const PAGE = 65536;

/** dots(query, rows, stride, slots, count, out): out[c] = Σ_j int8 rows[slots[c] · stride + j] · int16 query[j]. */
type DotsFunction = (query: number, rows: number, stride: number, slots: number, count: number, out: number) => void;
/** sums(a, b, n, out): out = [Σ a·b, Σ a·a, Σ b·b] over n float32 components, each product and sum in float32. */
type SumsFunction = (a: number, b: number, n: number, out: number) => void;
/** See Int8DotKernel.hamming. */
type HammingFunction = (
  codes: number,
  query: number,
  codeBytes: number,
  count: number,
  statuses: number,
  types: number,
  visibilities: number,
  allowed: number,
  distances: number,
  histogram: number,
) => number;
/** See Int8DotKernel.signScores. */
type SignScoresFunction = (
  table: number,
  codes: number,
  codeBytes: number,
  bytes: number,
  slots: number,
  count: number,
  out: number,
) => void;

// Instruction bytes (WebAssembly core spec, binary format; SIMD instructions are 0xfd then a LEB128 opcode).
const I32 = 0x7f;
const F32 = 0x7d;
const F64 = 0x7c;
const V128 = 0x7b;
const EMPTY = 0x40;
const local = {
  get: (i: number): number[] => [0x20, i],
  set: (i: number): number[] => [0x21, i],
};
const i32 = {
  const: (n: number): number[] => [0x41, ...signedLeb(n)],
  load: (offset = 0): number[] => [0x28, 2, offset],
  load8U: (offset = 0): number[] => [0x2d, 0, ...unsignedLeb(offset)],
  store: (): number[] => [0x36, 2, 0],
  store16: (): number[] => [0x3b, 1, 0],
  add: [0x6a],
  sub: [0x6b],
  mul: [0x6c],
  and: [0x71],
  shl: [0x74],
  shrU: [0x76],
  ltU: [0x49],
};
const f32 = {
  load: (): number[] => [0x2a, 2, 0],
  store: (offset: number): number[] => [0x38, 2, offset],
  add: [0x92],
  mul: [0x94],
};
const f64 = {
  const0: [0x44, ...new Array<number>(8).fill(0)],
  load: (offset = 0): number[] => [0x2b, 3, ...unsignedLeb(offset)],
  store: (): number[] => [0x39, 3, 0],
  add: [0xa0],
};
const v128 = {
  load: (offset = 0): number[] => [0xfd, 0x00, 4, ...unsignedLeb(offset)],
  zero: [0xfd, 0x0c, ...new Array<number>(16).fill(0)],
  xor: [0xfd, 0x51],
};
const i8x16Popcnt = [0xfd, 0x62];
const i16x8ExtendLowI8x16S = [0xfd, 0x87, 0x01];
const i16x8ExtendHighI8x16S = [0xfd, 0x88, 0x01];
const i16x8 = {
  add: [0xfd, 0x8e, 0x01],
  extaddPairwiseI8x16U: [0xfd, 0x7d],
};
const i32x4 = {
  add: [0xfd, 0xae, 0x01],
  dotI16x8S: [0xfd, 0xba, 0x01],
  extaddPairwiseI16x8U: [0xfd, 0x7f],
  extractLane: (lane: number): number[] => [0xfd, 0x1b, lane],
};
const loop = (body: number[]): number[] => [0x03, EMPTY, ...body, 0x0b];
const ifElse = (then: number[], otherwise: number[]): number[] => [0x04, EMPTY, ...then, 0x05, ...otherwise, 0x0b];
const brIf = (depth: number): number[] => [0x0d, depth];
/** local += n (i32) */
const advance = (i: number, n: number): number[] => [...local.get(i), ...i32.const(n), ...i32.add, ...local.set(i)];
/** The sum of the four i32 lanes of a v128 local. */
const laneSum = (v: number): number[] => [
  ...local.get(v),
  ...i32x4.extractLane(0),
  ...local.get(v),
  ...i32x4.extractLane(1),
  ...i32.add,
  ...local.get(v),
  ...i32x4.extractLane(2),
  ...i32.add,
  ...local.get(v),
  ...i32x4.extractLane(3),
  ...i32.add,
];

// params 0 query, 1 rows, 2 stride, 3 slots, 4 count, 5 out; locals 6 row, 7 end, 8 q (i32), 9 acc, 10 x (v128)
const [QUERY, ROWS, STRIDE, SLOTS, COUNT, OUT, ROW, END, Q, ACC, X] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/*
 * (loop $rows
 *   (local.set $row (i32.add $rows (i32.mul (i32.load $slots) $stride)))
 *   (local.set $end (i32.add $row $stride)) (local.set $q $query) (local.set $acc (v128.const 0))
 *   (loop $components            ;; 16 int8 components: two int16 halves times 16 bytes of query each
 *     (local.set $x (v128.load $row))
 *     (local.set $acc (i32x4.add $acc (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s $x) (v128.load $q))))
 *     (local.set $acc (i32x4.add $acc (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s $x) (v128.load offset=16 $q))))
 *     (local.set $row (i32.add $row 16)) (local.set $q (i32.add $q 32))
 *     (br_if $components (i32.lt_u $row $end)))
 *   (i32.store $out (sum of the four lanes of $acc))
 *   (local.set $slots (i32.add $slots 4)) (local.set $out (i32.add $out 4)) (local.set $count (i32.sub $count 1))
 *   (br_if $rows $count))
 */
const DOTS_BODY = [
  ...loop([
    ...local.get(ROWS),
    ...local.get(SLOTS),
    ...i32.load(),
    ...local.get(STRIDE),
    ...i32.mul,
    ...i32.add,
    ...local.set(ROW),
    ...local.get(ROW),
    ...local.get(STRIDE),
    ...i32.add,
    ...local.set(END),
    ...local.get(QUERY),
    ...local.set(Q),
    ...v128.zero,
    ...local.set(ACC),
    ...loop([
      ...local.get(ROW),
      ...v128.load(),
      ...local.set(X),
      ...local.get(ACC),
      ...local.get(X),
      ...i16x8ExtendLowI8x16S,
      ...local.get(Q),
      ...v128.load(),
      ...i32x4.dotI16x8S,
      ...i32x4.add,
      ...local.get(X),
      ...i16x8ExtendHighI8x16S,
      ...local.get(Q),
      ...v128.load(16),
      ...i32x4.dotI16x8S,
      ...i32x4.add,
      ...local.set(ACC),
      ...local.get(ROW),
      ...i32.const(16),
      ...i32.add,
      ...local.set(ROW),
      ...local.get(Q),
      ...i32.const(32),
      ...i32.add,
      ...local.set(Q),
      ...local.get(ROW),
      ...local.get(END),
      ...i32.ltU,
      ...brIf(0),
    ]),
    ...local.get(OUT),
    ...local.get(ACC),
    ...i32x4.extractLane(0),
    ...local.get(ACC),
    ...i32x4.extractLane(1),
    ...i32.add,
    ...local.get(ACC),
    ...i32x4.extractLane(2),
    ...i32.add,
    ...local.get(ACC),
    ...i32x4.extractLane(3),
    ...i32.add,
    ...i32.store(),
    ...local.get(SLOTS),
    ...i32.const(4),
    ...i32.add,
    ...local.set(SLOTS),
    ...local.get(OUT),
    ...i32.const(4),
    ...i32.add,
    ...local.set(OUT),
    ...local.get(COUNT),
    ...i32.const(1),
    ...i32.sub,
    ...local.set(COUNT),
    ...local.get(COUNT),
    ...brIf(0),
  ]),
];

// params 0 a, 1 b, 2 n, 3 out; locals 4 x, 5 y, 6 ab, 7 aa, 8 bb (f32)
const [A, B, N, SUMS, XA, YB, AB, AA, BB] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/*
 * (loop $components            ;; float32 products and sums, in component order
 *   (local.set $x (f32.load $a)) (local.set $y (f32.load $b))
 *   (local.set $ab (f32.add $ab (f32.mul $x $y)))
 *   (local.set $aa (f32.add $aa (f32.mul $x $x)))
 *   (local.set $bb (f32.add $bb (f32.mul $y $y)))
 *   (local.set $a (i32.add $a 4)) (local.set $b (i32.add $b 4)) (local.set $n (i32.sub $n 1))
 *   (br_if $components $n))
 * (f32.store $out $ab) (f32.store offset=4 $out $aa) (f32.store offset=8 $out $bb)
 */
const SUMS_BODY = [
  ...loop([
    ...local.get(A),
    ...f32.load(),
    ...local.set(XA),
    ...local.get(B),
    ...f32.load(),
    ...local.set(YB),
    ...local.get(AB),
    ...local.get(XA),
    ...local.get(YB),
    ...f32.mul,
    ...f32.add,
    ...local.set(AB),
    ...local.get(AA),
    ...local.get(XA),
    ...local.get(XA),
    ...f32.mul,
    ...f32.add,
    ...local.set(AA),
    ...local.get(BB),
    ...local.get(YB),
    ...local.get(YB),
    ...f32.mul,
    ...f32.add,
    ...local.set(BB),
    ...local.get(A),
    ...i32.const(4),
    ...i32.add,
    ...local.set(A),
    ...local.get(B),
    ...i32.const(4),
    ...i32.add,
    ...local.set(B),
    ...local.get(N),
    ...i32.const(1),
    ...i32.sub,
    ...local.set(N),
    ...local.get(N),
    ...brIf(0),
  ]),
  ...local.get(SUMS),
  ...local.get(AB),
  ...f32.store(0),
  ...local.get(SUMS),
  ...local.get(AA),
  ...f32.store(4),
  ...local.get(SUMS),
  ...local.get(BB),
  ...f32.store(8),
];

// params 0 codes, 1 query, 2 codeBytes, 3 count, 4 statuses, 5 types, 6 visibilities, 7 allowed, 8 distances,
// 9 histogram; locals 10 end, 11 q, 12 d, 13 h, 14 matched (i32), 15 acc (v128)
const [CODES, QCODE, CODE_BYTES, ROWS_LEFT, STATUSES, TYPES, VISIBILITIES, ALLOWED, DISTANCES, HISTOGRAM] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
];
const [CODES_END, QAT, DISTANCE, BUCKET, MATCHED, POPCOUNTS] = [10, 11, 12, 13, 14, 15];

/*
 * (loop $rows
 *   (if (i32.and (i32.and (i32.load8_u (i32.add $allowed (i32.load8_u $statuses)))
 *                         (i32.load8_u offset=256 (i32.add $allowed (i32.load8_u $types))))
 *                (i32.load8_u offset=512 (i32.add $allowed (i32.load $visibilities))))
 *     (then
 *       (local.set $acc (v128.const 0)) (local.set $end (i32.add $codes $codeBytes)) (local.set $q $query)
 *       (loop $chunks          ;; 16 code bytes: popcount of the xor, bytes summed pairwise into eight u16 lanes
 *         (local.set $acc (i16x8.add $acc
 *           (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (v128.xor (v128.load $codes) (v128.load $q))))))
 *         (local.set $codes (i32.add $codes 16)) (local.set $q (i32.add $q 16))
 *         (br_if $chunks (i32.lt_u $codes $end)))
 *       (local.set $acc (i32x4.extadd_pairwise_i16x8_u $acc))
 *       (local.set $d (sum of the four lanes of $acc))
 *       (i32.store16 $distances $d)
 *       (local.set $h (i32.add $histogram (i32.shl $d 2))) (i32.store $h (i32.add (i32.load $h) 1))
 *       (local.set $matched (i32.add $matched 1)))
 *     (else
 *       (i32.store16 $distances 0xffff) (local.set $codes (i32.add $codes $codeBytes))))
 *   (local.set $statuses (i32.add $statuses 1)) (local.set $types (i32.add $types 1))
 *   (local.set $visibilities (i32.add $visibilities 4)) (local.set $distances (i32.add $distances 2))
 *   (local.set $count (i32.sub $count 1))
 *   (br_if $rows $count))
 * $matched
 */
const HAMMING_BODY = [
  ...loop([
    ...local.get(ALLOWED),
    ...local.get(STATUSES),
    ...i32.load8U(),
    ...i32.add,
    ...i32.load8U(),
    ...local.get(ALLOWED),
    ...local.get(TYPES),
    ...i32.load8U(),
    ...i32.add,
    ...i32.load8U(256),
    ...i32.and,
    ...local.get(ALLOWED),
    ...local.get(VISIBILITIES),
    ...i32.load(),
    ...i32.add,
    ...i32.load8U(512),
    ...i32.and,
    ...ifElse(
      [
        ...v128.zero,
        ...local.set(POPCOUNTS),
        ...local.get(CODES),
        ...local.get(CODE_BYTES),
        ...i32.add,
        ...local.set(CODES_END),
        ...local.get(QCODE),
        ...local.set(QAT),
        ...loop([
          ...local.get(POPCOUNTS),
          ...local.get(CODES),
          ...v128.load(),
          ...local.get(QAT),
          ...v128.load(),
          ...v128.xor,
          ...i8x16Popcnt,
          ...i16x8.extaddPairwiseI8x16U,
          ...i16x8.add,
          ...local.set(POPCOUNTS),
          ...advance(CODES, 16),
          ...advance(QAT, 16),
          ...local.get(CODES),
          ...local.get(CODES_END),
          ...i32.ltU,
          ...brIf(0),
        ]),
        ...local.get(POPCOUNTS),
        ...i32x4.extaddPairwiseI16x8U,
        ...local.set(POPCOUNTS),
        ...laneSum(POPCOUNTS),
        ...local.set(DISTANCE),
        ...local.get(DISTANCES),
        ...local.get(DISTANCE),
        ...i32.store16(),
        ...local.get(HISTOGRAM),
        ...local.get(DISTANCE),
        ...i32.const(2),
        ...i32.shl,
        ...i32.add,
        ...local.set(BUCKET),
        ...local.get(BUCKET),
        ...local.get(BUCKET),
        ...i32.load(),
        ...i32.const(1),
        ...i32.add,
        ...i32.store(),
        ...advance(MATCHED, 1),
      ],
      [
        ...local.get(DISTANCES),
        ...i32.const(0xffff),
        ...i32.store16(),
        ...local.get(CODES),
        ...local.get(CODE_BYTES),
        ...i32.add,
        ...local.set(CODES),
      ],
    ),
    ...advance(STATUSES, 1),
    ...advance(TYPES, 1),
    ...advance(VISIBILITIES, 4),
    ...advance(DISTANCES, 2),
    ...advance(ROWS_LEFT, -1),
    ...local.get(ROWS_LEFT),
    ...brIf(0),
  ]),
  ...local.get(MATCHED),
];

// params 0 table, 1 codes, 2 codeBytes, 3 bytes, 4 slots, 5 count, 6 out; locals 7 row, 8 end, 9 t, 10 code (i32),
// 11 score (f64)
const [TABLE, SIGN_CODES, SIGN_CODE_BYTES, BYTES_USED, SIGN_SLOTS, CANDIDATES_LEFT, SCORES] = [0, 1, 2, 3, 4, 5, 6];
const [SIGN_ROW, SIGN_END, T, CODE, SCORE] = [7, 8, 9, 10, 11];

/** table[t + byte] for the code byte at bit `shift` (table entries are f64: 256 of them a byte, 8 bytes each). */
const tableEntry = (shift: number): number[] => [
  ...local.get(T),
  ...local.get(CODE),
  ...(shift === 0 ? [...i32.const(0xff), ...i32.and, ...i32.const(3), ...i32.shl] : []),
  ...(shift === 0 ? [] : [...i32.const(shift - 3), ...i32.shrU, ...i32.const(0x7f8), ...i32.and]),
  ...i32.add,
  ...f64.load(shift * 256),
];

/*
 * (loop $candidates            ;; the same double adds in the same order as the JS path: bit-identical scores
 *   (local.set $row (i32.add $codes (i32.mul (i32.load $slots) $codeBytes)))
 *   (local.set $end (i32.add $row $bytes)) (local.set $t $table) (local.set $score (f64.const 0))
 *   (loop $words
 *     (local.set $code (i32.load $row))
 *     (local.set $score (f64.add $score (f64.add (f64.add (f64.add
 *       (f64.load (i32.add $t (i32.shl (i32.and $code 0xff) 3)))
 *       (f64.load offset=2048 (i32.add $t (i32.and (i32.shr_u $code 5) 0x7f8))))
 *       (f64.load offset=4096 (i32.add $t (i32.and (i32.shr_u $code 13) 0x7f8))))
 *       (f64.load offset=6144 (i32.add $t (i32.and (i32.shr_u $code 21) 0x7f8))))))
 *     (local.set $t (i32.add $t 8192)) (local.set $row (i32.add $row 4))
 *     (br_if $words (i32.lt_u $row $end)))
 *   (f64.store $out $score)
 *   (local.set $slots (i32.add $slots 4)) (local.set $out (i32.add $out 8)) (local.set $count (i32.sub $count 1))
 *   (br_if $candidates $count))
 */
const SIGN_SCORES_BODY = [
  ...loop([
    ...local.get(SIGN_CODES),
    ...local.get(SIGN_SLOTS),
    ...i32.load(),
    ...local.get(SIGN_CODE_BYTES),
    ...i32.mul,
    ...i32.add,
    ...local.set(SIGN_ROW),
    ...local.get(SIGN_ROW),
    ...local.get(BYTES_USED),
    ...i32.add,
    ...local.set(SIGN_END),
    ...local.get(TABLE),
    ...local.set(T),
    ...f64.const0,
    ...local.set(SCORE),
    ...loop([
      ...local.get(SIGN_ROW),
      ...i32.load(),
      ...local.set(CODE),
      ...local.get(SCORE),
      ...tableEntry(0),
      ...tableEntry(8),
      ...f64.add,
      ...tableEntry(16),
      ...f64.add,
      ...tableEntry(24),
      ...f64.add,
      ...f64.add,
      ...local.set(SCORE),
      ...advance(T, 8192),
      ...advance(SIGN_ROW, 4),
      ...local.get(SIGN_ROW),
      ...local.get(SIGN_END),
      ...i32.ltU,
      ...brIf(0),
    ]),
    ...local.get(SCORES),
    ...local.get(SCORE),
    ...f64.store(),
    ...advance(SIGN_SLOTS, 4),
    ...advance(SCORES, 8),
    ...advance(CANDIDATES_LEFT, -1),
    ...local.get(CANDIDATES_LEFT),
    ...brIf(0),
  ]),
];

function unsignedLeb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) {
      byte |= 0x80;
    }
    out.push(byte);
  } while (n !== 0);

  return out;
}

function signedLeb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);

      return out;
    }
    out.push(byte | 0x80);
  }
}

const vector = (items: number[][]): number[] => [...unsignedLeb(items.length), ...items.flat()];
const section = (id: number, content: number[]): number[] => [id, ...unsignedLeb(content.length), ...content];
const name = (text: string): number[] => vector([...Buffer.from(text, 'utf8')].map((b) => [b]));

/**
 * (module (import "env" "memory" (memory 0)) (func (export "dots") (param i32 × 6) ...) (func (export "sums") ...)
 *   (func (export "hamming") (param i32 × 10) (result i32) ...) (func (export "signScores") (param i32 × 7) ...))
 */
function moduleBytes(): Uint8Array {
  const code = (locals: number[][], body: number[]): number[] => {
    const bytes = [...vector(locals), ...body, 0x0b];

    return [...unsignedLeb(bytes.length), ...bytes];
  };

  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vector([
        [0x60, ...vector(new Array<number[]>(6).fill([I32])), 0],
        [0x60, ...vector(new Array<number[]>(4).fill([I32])), 0],
        [0x60, ...vector(new Array<number[]>(10).fill([I32])), ...vector([[I32]])],
        [0x60, ...vector(new Array<number[]>(7).fill([I32])), 0],
      ]),
    ),
    ...section(2, vector([[...name('env'), ...name('memory'), 0x02, 0x00, 0x00]])),
    ...section(3, vector([[0], [1], [2], [3]])),
    ...section(
      7,
      vector([
        [...name('dots'), 0x00, 0],
        [...name('sums'), 0x00, 1],
        [...name('hamming'), 0x00, 2],
        [...name('signScores'), 0x00, 3],
      ]),
    ),
    ...section(
      10,
      vector([
        code(
          [
            [3, I32],
            [2, V128],
          ],
          DOTS_BODY,
        ),
        code([[5, F32]], SUMS_BODY),
        code(
          [
            [5, I32],
            [1, V128],
          ],
          HAMMING_BODY,
        ),
        code(
          [
            [4, I32],
            [1, F64],
          ],
          SIGN_SCORES_BODY,
        ),
      ]),
    ),
  ]);
}

function wasmApi(): WasmApi | null {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

  return api && typeof api.validate === 'function' ? api : null;
}

const BYTES = moduleBytes();
const API = wasmApi();
const MODULE = API?.validate(BYTES) ? new API.Module(BYTES) : null;

/**
 * One WebAssembly memory with the dot kernel over it. The memory only grows; `buffer` is a new ArrayBuffer after
 * `reserve` grows it, so views of the old one must be made again.
 */
export class Int8DotKernel {
  private constructor(
    private readonly memory: WasmMemory,
    private readonly runDots: DotsFunction,
    private readonly runSums: SumsFunction,
    private readonly runHamming: HammingFunction,
    private readonly runSignScores: SignScoresFunction,
  ) {}

  /** Null where WebAssembly SIMD is not available. */
  static create(bytes: number): Int8DotKernel | null {
    if (!API || !MODULE) {
      return null;
    }
    const memory = new API.Memory({ initial: Math.ceil(bytes / PAGE) });
    const { dots, sums, hamming, signScores } = new API.Instance(MODULE, { env: { memory } }).exports;

    return new Int8DotKernel(
      memory,
      dots as DotsFunction,
      sums as SumsFunction,
      hamming as HammingFunction,
      signScores as SignScoresFunction,
    );
  }

  get buffer(): ArrayBuffer {
    return this.memory.buffer;
  }

  /** Grows the memory to at least `bytes`; true when it grew (the buffer was replaced). */
  reserve(bytes: number): boolean {
    const missing = bytes - this.memory.buffer.byteLength;
    if (missing <= 0) {
      return false;
    }
    this.memory.grow(Math.ceil(missing / PAGE));

    return true;
  }

  /**
   * out[c] = Σ_j rows[slots[c] · stride + j] · query[j] for c < count, j < stride, exact whenever the sum fits in
   * int32 (the adds wrap, so partial sums may overflow). All arguments are byte offsets into the memory except stride (a
   * multiple of 16 bytes) and count (at least 1); query holds stride int16 values, slots and out count int32 each.
   */
  dots(query: number, rows: number, stride: number, slots: number, count: number, out: number): void {
    this.runDots(query, rows, stride, slots, count, out);
  }

  /**
   * Writes Σ a·b, Σ a·a and Σ b·b over n float32 components (n at least 1) at out, as float32, each product and
   * partial sum rounded to float32 in component order: what Math.fround around every operation computes.
   */
  sums(a: number, b: number, n: number, out: number): void {
    this.runSums(a, b, n, out);
  }

  /**
   * The filtered Hamming scan: for each of `count` rows (codeBytes of sign code each, a multiple of 16, from codes),
   * when allowed[status] & allowed[256 + type] & allowed[512 + visibility] is not zero (statuses and types one byte a
   * row, visibilities a uint32 a row), stores popcount(row xor query) over codeBytes as a uint16 at distances and
   * adds one to the uint32 histogram[distance]; else stores 0xffff. Returns how many rows were allowed. Byte offsets
   * except codeBytes (at most 4096, so no u16 lane of the popcount sums overflows) and count (at least 1); every
   * visibility code must be below the allowed table's length.
   */
  hamming(
    codes: number,
    query: number,
    codeBytes: number,
    count: number,
    statuses: number,
    types: number,
    visibilities: number,
    allowed: number,
    distances: number,
    histogram: number,
  ): number {
    return this.runHamming(
      codes,
      query,
      codeBytes,
      count,
      statuses,
      types,
      visibilities,
      allowed,
      distances,
      histogram,
    );
  }

  /**
   * out[c] (float64) = Σ over the first `bytes` bytes b of the code of row slots[c] (codeBytes apart from codes) of
   * table[256 · b + byte], added as JS adds `score += t0 + t1 + t2 + t3` word by word (so bit for bit the same).
   * bytes is a multiple of 4 and count at least 1; slots are int32; offsets are in bytes.
   */
  signScores(
    table: number,
    codes: number,
    codeBytes: number,
    bytes: number,
    slots: number,
    count: number,
    out: number,
  ): void {
    this.runSignScores(table, codes, codeBytes, bytes, slots, count, out);
  }
}
