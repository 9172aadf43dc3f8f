export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) {
    norm += x * x;
  }
  norm = Math.sqrt(norm);
  if (norm === 0) {
    return vector;
  }
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) {
    out[i] = (vector[i] ?? 0) / norm;
  }

  return out;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  const denom = Math.sqrt(na) * Math.sqrt(nb);

  return denom === 0 ? 0 : dot / denom;
}
