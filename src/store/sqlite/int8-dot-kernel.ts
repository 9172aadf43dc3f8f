/**
 * A WebAssembly SIMD kernel for the int8 rescoring of BinaryVectorIndex: integer dot products of int8 rows with an
 * int16 copy of the query, 16 components an instruction group. Its bytes are written out below rather than compiled
 * from a .wat file: the module is one small function, the repository has no WebAssembly toolchain, and installing
 * one (or a prebuilt .wasm) for it would add a build step for 200 bytes. The text format is in the comments.
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

// Instruction bytes (WebAssembly core spec, binary format; SIMD instructions are 0xfd then a LEB128 opcode).
const I32 = 0x7f;
const F32 = 0x7d;
const V128 = 0x7b;
const EMPTY = 0x40;
const local = {
  get: (i: number): number[] => [0x20, i],
  set: (i: number): number[] => [0x21, i],
};
const i32 = {
  const: (n: number): number[] => [0x41, ...signedLeb(n)],
  load: (offset = 0): number[] => [0x28, 2, offset],
  store: (): number[] => [0x36, 2, 0],
  add: [0x6a],
  sub: [0x6b],
  mul: [0x6c],
  ltU: [0x49],
};
const f32 = {
  load: (): number[] => [0x2a, 2, 0],
  store: (offset: number): number[] => [0x38, 2, offset],
  add: [0x92],
  mul: [0x94],
};
const v128 = {
  load: (offset = 0): number[] => [0xfd, 0x00, 4, ...unsignedLeb(offset)],
  zero: [0xfd, 0x0c, ...new Array<number>(16).fill(0)],
};
const i16x8ExtendLowI8x16S = [0xfd, 0x87, 0x01];
const i16x8ExtendHighI8x16S = [0xfd, 0x88, 0x01];
const i32x4 = {
  add: [0xfd, 0xae, 0x01],
  dotI16x8S: [0xfd, 0xba, 0x01],
  extractLane: (lane: number): number[] => [0xfd, 0x1b, lane],
};
const loop = (body: number[]): number[] => [0x03, EMPTY, ...body, 0x0b];
const brIf = (depth: number): number[] => [0x0d, depth];

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

/** (module (import "env" "memory" (memory 0)) (func (export "dots") (param i32 × 6) ...) (func (export "sums") ...)) */
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
      ]),
    ),
    ...section(2, vector([[...name('env'), ...name('memory'), 0x02, 0x00, 0x00]])),
    ...section(3, vector([[0], [1]])),
    ...section(
      7,
      vector([
        [...name('dots'), 0x00, 0],
        [...name('sums'), 0x00, 1],
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
  ) {}

  /** Null where WebAssembly SIMD is not available. */
  static create(bytes: number): Int8DotKernel | null {
    if (!API || !MODULE) {
      return null;
    }
    const memory = new API.Memory({ initial: Math.ceil(bytes / PAGE) });
    const { dots, sums } = new API.Instance(MODULE, { env: { memory } }).exports;

    return new Int8DotKernel(memory, dots as DotsFunction, sums as SumsFunction);
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
}
