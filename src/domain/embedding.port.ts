export const EMBEDDER = Symbol('EMBEDDER');

/**
 * Who waits for the vectors. `query`: a request is blocked on them (a search query, a memory written by remember);
 * `bulk` (the default): nobody is (imports, re-embedding, message vectors that follow their append). An embedder
 * with one model thread serves `query` first, so a query never waits behind a bulk batch.
 */
export type EmbedLane = 'query' | 'bulk';

export interface EmbedOptions {
  lane?: EmbedLane;
}

/** Turns text into unit-length vectors. `model` is recorded with every stored vector. */
export interface Embedder {
  readonly model: string;
  readonly dimensions: number;
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** Loads the model now rather than at the first `embed` (embedders without a local model have none). */
  warmUp?(): Promise<void>;
  /** False while a local model is still loading (or failed to load); embedders without one are always loaded. */
  isLoaded?(): boolean;
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
