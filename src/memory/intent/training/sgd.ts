import { shuffle } from 'src/memory/intent/training/prng';

/** One training row: its feature buckets and, per head, the target distribution over that head's labels. */
export interface SoftmaxExample {
  buckets: readonly number[];
  /** Each bucket's value; without it every bucket is 1 / sqrt(count) (binary features scaled to unit length). */
  values?: Float64Array;
  target: Float64Array;
  /** How much the row counts (rare labels count more). */
  weight: number;
}

export interface SgdOptions {
  buckets: number;
  labels: number;
  epochs: number;
  /** Initial step; it decays as 1 / (1 + rate * l2 * t). */
  rate: number;
  l2: number;
  random: () => number;
}

export interface SoftmaxWeights {
  /** bucket-major: weights[b * labels + k] */
  weights: Float64Array;
  bias: Float64Array;
}

/**
 * Multinomial logistic regression by plain SGD over sparse binary features scaled to unit length, with L2 kept as one
 * shared scale factor (Bottou's trick) so that a step touches only the row's buckets.
 */
export function trainSoftmax(examples: readonly SoftmaxExample[], options: SgdOptions): SoftmaxWeights {
  const { labels } = options;
  const weights = new Float64Array(options.buckets * labels);
  const bias = new Float64Array(labels);
  const scores = new Float64Array(labels);
  const order = examples.map((_example, index) => index);
  let scale = 1;
  let t = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(options.random, order);
    for (const index of order) {
      const example = examples[index];
      if (!example) {
        continue;
      }
      const rate = options.rate / (1 + options.rate * options.l2 * t++);
      const uniform = 1 / Math.sqrt(Math.max(1, example.buckets.length));
      const values = example.values;
      scores.set(bias);
      const { buckets } = example;
      for (let i = 0; i < buckets.length; i++) {
        const base = (buckets[i] ?? 0) * labels;
        const value = (values ? values[i] : uniform) ?? 0;
        for (let k = 0; k < labels; k++) {
          scores[k] = (scores[k] ?? 0) + (weights[base + k] ?? 0) * scale * value;
        }
      }
      const top = Math.max(...scores);
      let total = 0;
      for (let k = 0; k < labels; k++) {
        scores[k] = Math.exp((scores[k] ?? 0) - top);
        total += scores[k] ?? 0;
      }
      scale *= 1 - rate * options.l2;
      for (let k = 0; k < labels; k++) {
        const gradient = ((scores[k] ?? 0) / total - (example.target[k] ?? 0)) * example.weight;
        bias[k] = (bias[k] ?? 0) - rate * gradient;
        const step = (rate * gradient) / scale;
        for (let i = 0; i < buckets.length; i++) {
          const at = (buckets[i] ?? 0) * labels + k;
          weights[at] = (weights[at] ?? 0) - step * ((values ? values[i] : uniform) ?? 0);
        }
      }
    }
  }

  return { weights: weights.map((w) => w * scale), bias };
}

/** int8 codes and their scale; the largest weight maps to 127. */
export function quantize(weights: Float64Array): { codes: Int8Array; scale: number } {
  let largest = 0;
  for (const w of weights) {
    largest = Math.max(largest, Math.abs(w));
  }
  const scale = largest / 127 || 1;

  return { codes: Int8Array.from(weights, (w) => Math.round(w / scale)), scale };
}
