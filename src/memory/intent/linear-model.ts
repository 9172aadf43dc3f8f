import { z } from 'zod';

const headSchema = z.object({
  labels: z.array(z.string()).min(2),
  /** A weight is its int8 code times this. */
  scale: z.number().positive(),
  bias: z.array(z.number()),
  /** Base64 of int8 codes, bucket-major: the weight of bucket b for label k is at b * labels.length + k. */
  weights: z.string(),
});

export const intentWeightsSchema = z.object({
  format: z.literal('engram-intent-v1'),
  bits: z.number().int().min(8).max(20),
  /** Whether the features include character n-grams (see clauseFeatures). */
  chars: z.boolean(),
  heads: z.object({ intent: headSchema, slot: headSchema, subject: headSchema }),
});

export type IntentWeightsFile = z.infer<typeof intentWeightsSchema>;
export type HeadWeightsFile = z.infer<typeof headSchema>;

/** One softmax head over the shared hashed features, decoded for scoring. */
export interface LinearHead {
  labels: readonly string[];
  scale: number;
  bias: Float64Array;
  codes: Int8Array;
}

export function decodeHead(head: HeadWeightsFile, bits: number): LinearHead {
  const buffer = Buffer.from(head.weights, 'base64');
  const codes = new Int8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (codes.length !== (1 << bits) * head.labels.length || head.bias.length !== head.labels.length) {
    throw new Error(`intent weights: a head of ${head.labels.length} labels does not fit 2^${bits} buckets`);
  }

  return { labels: head.labels, scale: head.scale, bias: Float64Array.from(head.bias), codes };
}

/** Each label's probability for the feature buckets (each of value 1/sqrt(count), as in training). */
export function headProbabilities(head: LinearHead, buckets: readonly number[]): Float64Array {
  const width = head.labels.length;
  const { codes } = head;
  const scores = new Float64Array(width);
  for (const bucket of buckets) {
    const base = bucket * width;
    for (let k = 0; k < width; k++) {
      scores[k] = (scores[k] as number) + (codes[base + k] as number);
    }
  }
  const value = head.scale / Math.sqrt(Math.max(1, buckets.length));
  for (let k = 0; k < width; k++) {
    scores[k] = (scores[k] as number) * value + (head.bias[k] as number);
  }

  return softmaxInPlace(scores);
}

export function softmaxInPlace(scores: Float64Array): Float64Array {
  let top = -Infinity;
  for (const score of scores) {
    top = Math.max(top, score);
  }
  let total = 0;
  for (let k = 0; k < scores.length; k++) {
    scores[k] = Math.exp((scores[k] as number) - top);
    total += scores[k] as number;
  }
  for (let k = 0; k < scores.length; k++) {
    scores[k] = (scores[k] as number) / total;
  }

  return scores;
}
