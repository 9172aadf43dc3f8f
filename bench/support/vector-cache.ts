/**
 * Disk cache of one embedder's vectors keyed by the SHA-1 of the text, in the layout of `bench/research/use-cache.ts`
 * (`vectors.f32` + `keys.txt`, appended batch by batch, a torn write tolerated), any dimension. The embedders bench
 * keeps one folder per model and role under `bench/.cache/embedders/` (git-ignored).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function keyOf(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();

  constructor(
    private readonly dir: string,
    private readonly dimensions: number,
  ) {
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
    const n = Math.min(keys.length, Math.floor(floats.length / dimensions));
    keys.slice(0, n).forEach((key, i) => this.vectors.set(key, floats.slice(i * dimensions, (i + 1) * dimensions)));
  }

  get size(): number {
    return this.vectors.size;
  }

  get(text: string): Float32Array | undefined {
    return this.vectors.get(keyOf(text));
  }

  /** The texts not cached yet, each once. */
  missing(texts: readonly string[]): string[] {
    return [...new Map(texts.map((t) => [keyOf(t), t])).entries()]
      .filter(([k]) => !this.vectors.has(k))
      .map(([, t]) => t);
  }

  /** Embeds every text not cached yet, `batch` at a time, appending to disk as it goes. */
  async ensure(
    texts: readonly string[],
    embed: (batch: string[]) => Promise<Float32Array[]>,
    batch = 64,
    log: (msg: string) => void = () => undefined,
  ): Promise<void> {
    const todo = this.missing(texts);
    const started = Date.now();
    for (let i = 0; i < todo.length; i += batch) {
      const chunk = todo.slice(i, i + batch);
      const out = await embed(chunk);
      const block = new Float32Array(chunk.length * this.dimensions);
      out.forEach((v, j) => block.set(v, j * this.dimensions));
      appendFileSync(join(this.dir, 'vectors.f32'), Buffer.from(block.buffer));
      appendFileSync(join(this.dir, 'keys.txt'), chunk.map((t) => `${keyOf(t)}\n`).join(''));
      chunk.forEach((t, j) => this.vectors.set(keyOf(t), block.slice(j * this.dimensions, (j + 1) * this.dimensions)));
      const done = Math.min(i + batch, todo.length);
      if (done % (batch * 20) === 0 || done === todo.length) {
        log(`embedded ${done}/${todo.length} (${(done / ((Date.now() - started) / 1000)).toFixed(1)}/s)`);
      }
    }
  }
}
