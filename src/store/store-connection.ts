export const STORE_CONNECTION = Symbol('STORE_CONNECTION');

export interface EmbeddingSpace {
  model: string;
  dimensions: number;
}

/**
 * One database connection shared by every store port of a process (memories, conversations, bulletins...).
 * `init` creates the schema for the embedding space, or fails when stored vectors come from another space.
 */
export interface StoreConnection {
  readonly kind: 'sqlite' | 'neo4j';
  init(space: EmbeddingSpace): Promise<void>;
  close(): Promise<void>;
  ping(): Promise<boolean>;
}
