import { Int8DotKernel } from 'src/store/sqlite/int8-dot-kernel';

function seeded(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;

    return (seed >>> 0) / 2 ** 32;
  };
}

describe(Int8DotKernel.name, () => {
  const kernel = Int8DotKernel.create(1 << 16);
  const random = seeded(3);

  it('is available (Node has WebAssembly SIMD)', () => {
    expect(kernel).not.toBeNull();
  });

  it('computes exact int32 dot products of int8 rows with an int16 query', () => {
    const k = kernel!;
    const stride = 528;
    const rows = 20;
    k.reserve(rows * stride + stride * 2 + 256);
    const data = new Int8Array(k.buffer, 0, rows * stride);
    data.forEach((_, i) => (data[i] = Math.floor(random() * 256) - 128));
    const queryAt = rows * stride;
    const query = new Int16Array(k.buffer, queryAt, stride);
    // extreme values: the partial sums wrap, the total still fits
    query.forEach((_, j) => (query[j] = j % 3 === 0 ? 32767 : Math.floor(random() * 65535) - 32767));
    const slotsAt = queryAt + stride * 2;
    const slots = new Int32Array(k.buffer, slotsAt, 7);
    slots.set([3, 0, 19, 3, 7, 11, 2]);
    const outAt = slotsAt + 7 * 4;
    k.dots(queryAt, 0, stride, slotsAt, 7, outAt);
    const expected = [...slots].map((slot) => query.reduce((sum, q, j) => sum + q * data[slot * stride + j]!, 0));
    expect([...new Int32Array(k.buffer, outAt, 7)]).toEqual(expected);
  });

  it('sums float32 products in float32, component by component, as Math.fround would', () => {
    const k = kernel!;
    const n = 333;
    const a = Float32Array.from({ length: n }, () => (random() - 0.5) * 10 ** Math.floor(random() * 6 - 3));
    const b = Float32Array.from({ length: n }, () => (random() - 0.5) * 10 ** Math.floor(random() * 6 - 3));
    const scratch = new Float32Array(k.buffer, 0, 2 * n + 3);
    scratch.set(a);
    scratch.set(b, n);
    k.sums(0, n * 4, n, n * 8);
    const f = Math.fround;
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let j = 0; j < n; j++) {
      ab = f(ab + f(a[j]! * b[j]!));
      aa = f(aa + f(a[j]! * a[j]!));
      bb = f(bb + f(b[j]! * b[j]!));
    }
    expect([...scratch.subarray(2 * n)]).toEqual([ab, aa, bb]);
    // a double accumulator differs: the check can fail
    expect(a.reduce((sum, x, j) => sum + x * b[j]!, 0)).not.toBe(ab);
  });
});
