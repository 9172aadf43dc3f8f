import { createHash } from 'node:crypto';

import { textWords } from 'src/common/text-words';
import type { Embedder } from 'src/domain/embedding.port';
import { normalize } from 'src/embedding/vector-math';

/**
 * Deterministic bag-of-words hashing embedder for tests: texts sharing words get similar vectors,
 * identical texts get identical vectors. Not a semantic model.
 */
export class HashEmbedder implements Embedder {
  readonly model: string;

  constructor(readonly dimensions = 256) {
    this.model = `hash-v1-${dimensions}`;
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    return Promise.resolve(texts.map((text) => this.embedOne(text)));
  }

  private embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const word of textWords(text)) {
      const digest = createHash('sha1').update(word).digest();
      const index = digest.readUInt32BE(0) % this.dimensions;
      vector[index] = (vector[index] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1);
    }

    return normalize(vector);
  }
}
