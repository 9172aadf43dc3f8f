export const EMBEDDER = Symbol('EMBEDDER');

/** Turns text into unit-length vectors. `model` is recorded with every stored vector. */
export interface Embedder {
  readonly model: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Releases threads or connections the embedder holds. */
  close?(): Promise<void>;
}

/** Thrown when the provider is down or too slow; callers degrade (recall falls back to full text). */
export class EmbeddingUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddingUnavailableError';
  }
}
