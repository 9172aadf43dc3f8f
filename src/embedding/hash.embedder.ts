import { createHash } from 'node:crypto';

import { eventLoopSlicer } from 'src/common/event-loop';
import { textWords } from 'src/common/text-words';
import type { Embedder } from 'src/domain/embedding.port';
import { normalize } from 'src/embedding/vector-math';

/** The local models read a text's first 512 tokens; this one its first 512 words, so a 100 KB text costs no more. */
const MAX_WORDS = 512;

/**
 * Deterministic bag-of-words hashing embedder for tests: texts sharing words get similar vectors,
 * identical texts get identical vectors. Not a semantic model.
 */
export class HashEmbedder implements Embedder {
  readonly model: string;

  constructor(readonly dimensions = 256) {
    this.model = `hash-v1-${dimensions}`;
  }

  /** Yields to the event loop between texts once 10 ms have passed: ten 100 KB texts took 240 ms of CPU. */
  async embed(texts: string[]): Promise<Float32Array[]> {
    const slice = eventLoopSlicer();
    const vectors: Float32Array[] = [];
    for (const text of texts) {
      vectors.push(this.embedOne(text));
      await slice();
    }

    return vectors;
  }

  private embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const word of textWords(text).slice(0, MAX_WORDS)) {
      const digest = createHash('sha1').update(word).digest();
      const index = digest.readUInt32BE(0) % this.dimensions;
      vector[index] = (vector[index] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1);
    }

    return normalize(vector);
  }
}
