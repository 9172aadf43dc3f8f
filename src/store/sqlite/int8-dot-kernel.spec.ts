import { Int8DotKernel } from 'src/store/sqlite/int8-dot-kernel';

function seeded(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;

    return (seed >>> 0) / 2 ** 32;
  };
}

/** Fills a view in place (`map` would return a copy, outside the kernel's memory). */
function fill<T extends Uint8Array | Uint32Array | Int32Array>(view: T, value: () => number): T {
  view.forEach((_, i) => (view[i] = value()));

  return view;
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

  it('computes filtered Hamming distances and their histogram as a popcount of the xor would', () => {
    const k = kernel!;
    const rows = 300;
    const codeBytes = 48;
    const visibilities = 5;
    const codesAt = 0;
    const queryAt = rows * codeBytes;
    const statusesAt = queryAt + codeBytes;
    const typesAt = statusesAt + rows;
    const visibilitiesAt = typesAt + rows;
    const allowedAt = visibilitiesAt + rows * 4;
    const distancesAt = allowedAt + 512 + visibilities + 1;
    const histogramAt = distancesAt + rows * 2 + 2;
    k.reserve(histogramAt + (codeBytes * 8 + 1) * 4);
    const buffer = k.buffer;
    const codes = new Uint8Array(buffer, codesAt, rows * codeBytes + codeBytes);
    codes.forEach((_, i) => (codes[i] = Math.floor(random() * 256)));
    // a row equal to the query and one its complement: distances 0 and all bits
    codes.copyWithin(0, queryAt, queryAt + codeBytes);
    codes.forEach(
      (b, i) => i >= codeBytes && i < 2 * codeBytes && (codes[i] = ~codes[queryAt + i - codeBytes]! & 0xff),
    );
    const statuses = fill(new Uint8Array(buffer, statusesAt, rows), () => Math.floor(random() * 3));
    const types = fill(new Uint8Array(buffer, typesAt, rows), () => Math.floor(random() * 2) * 255);
    const rowVisibilities = fill(new Uint32Array(buffer, visibilitiesAt, rows), () =>
      Math.floor(random() * visibilities),
    );
    const allowed = new Uint8Array(buffer, allowedAt, 512 + visibilities);
    allowed.fill(0);
    allowed.set([1, 1], 0);
    allowed.set([1], 256 + 255);
    allowed.set([1], 256);
    allowed.set([1, 0, 1, 1, 1], 512);
    const histogram = new Uint32Array(buffer, histogramAt, codeBytes * 8 + 1);
    histogram.fill(0);
    const matched = k.hamming(
      codesAt,
      queryAt,
      codeBytes,
      rows,
      statusesAt,
      typesAt,
      visibilitiesAt,
      allowedAt,
      distancesAt,
      histogramAt,
    );
    const popcount = (x: number): number => x.toString(2).replace(/0/g, '').length;
    const expected = Array.from({ length: rows }, (_, r) => {
      const ok = allowed[statuses[r]!]! & allowed[256 + types[r]!]! & allowed[512 + rowVisibilities[r]!]!;
      let distance = 0;
      for (let b = 0; b < codeBytes; b++) {
        distance += popcount(codes[r * codeBytes + b]! ^ codes[queryAt + b]!);
      }

      return ok ? distance : 0xffff;
    });
    const expectedHistogram = new Array<number>(codeBytes * 8 + 1).fill(0);
    expected.forEach((d) => d !== 0xffff && expectedHistogram[d]!++);
    expect([...new Uint16Array(buffer, distancesAt, rows)]).toEqual(expected);
    expect(matched).toBe(expected.filter((d) => d !== 0xffff).length);
    expect(matched).toBeGreaterThan(rows / 4);
    expect(matched).toBeLessThan(rows);
    expect([...histogram]).toEqual(expectedHistogram);
  });

  it('sums sign-table entries word by word in the order JS adds them, bit for bit', () => {
    const k = kernel!;
    const bytes = 12;
    const codeBytes = 16;
    const rows = 40;
    const count = 26;
    const tableAt = 0;
    const codesAt = bytes * 256 * 8;
    const slotsAt = codesAt + rows * codeBytes;
    const outAt = slotsAt + count * 4;
    k.reserve(outAt + count * 8);
    const buffer = k.buffer;
    // magnitudes far apart: another order of the adds rounds differently
    const table = new Float64Array(buffer, tableAt, bytes * 256);
    table.forEach((_, i) => (table[i] = (random() - 0.5) * 10 ** Math.floor(random() * 12 - 6)));
    const codes = new Uint32Array(buffer, codesAt, (rows * codeBytes) / 4);
    codes.forEach((_, i) => (codes[i] = Math.floor(random() * 2 ** 32)));
    const slots = fill(new Int32Array(buffer, slotsAt, count), () => Math.floor(random() * rows));
    k.signScores(tableAt, codesAt, codeBytes, bytes, slotsAt, count, outAt);
    const scores = [...slots].map((slot) => {
      let score = 0;
      for (let w = 0, t = 0; w < bytes / 4; w++, t += 1024) {
        const code = codes[(slot * codeBytes) / 4 + w]!;
        score +=
          table[t + (code & 0xff)]! +
          table[t + 256 + ((code >>> 8) & 0xff)]! +
          table[t + 512 + ((code >>> 16) & 0xff)]! +
          table[t + 768 + (code >>> 24)]!;
      }

      return score;
    });
    const out = [...new Float64Array(buffer, outAt, count)];
    expect(out.every((x, c) => Object.is(x, scores[c]))).toBe(true);
    const byteByByte = [...slots].map((slot) => {
      const row = new Uint8Array(buffer, codesAt + slot * codeBytes, bytes);

      return row.reduce((sum, b, i) => sum + table[256 * i + b]!, 0);
    });
    // the check can fail: summing byte by byte gives other doubles
    expect(out.some((x, c) => !Object.is(x, byteByByte[c]))).toBe(true);
  });
});
