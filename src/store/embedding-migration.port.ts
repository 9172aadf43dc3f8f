import type { ScoredId, Visibility } from 'src/domain/memory-store.port';
import type { MessageSearchScope } from 'src/store/conversation-store.port';
import type { EmbeddingSpace } from 'src/store/store-connection';

export const EMBEDDING_MIGRATION_STORE = Symbol('EMBEDDING_MIGRATION_STORE');

export type ReembedKind = 'memory' | 'message';
export const REEMBED_KINDS: readonly ReembedKind[] = ['memory', 'message'];

export interface ReembedProgress {
  /** Rows with a vector of the configured model. */
  done: number;
  total: number;
}

/**
 * A migration under way: the store was made with another embedding model than the one configured. Memories and
 * messages get vectors of the configured model (`to`) in batches; until then the previous model's memory and message
 * vectors (`from`, null when there were none) are kept aside and can still answer queries embedded with that model.
 */
export interface EmbeddingMigrationState {
  from: EmbeddingSpace | null;
  to: EmbeddingSpace;
  startedAt: Date;
  progress: Record<ReembedKind, ReembedProgress>;
}

/** A row still without a vector of the configured model. */
export interface ReembedItem {
  id: string;
  content: string;
  /** Messages: embedded as `speaker: content`, as appendMessage does. */
  speaker: string | null;
}

export interface ReembedBatch {
  items: ReembedItem[];
  /** Where the next batch starts; null when no row is left after the persisted cursor. */
  cursor: string | null;
}

/**
 * Re-embedding after a change of embedding model, resumable and idempotent: the store persists a cursor per kind,
 * rows are visited in a stable order, and a row that has a vector of the configured model is never written again.
 * Every adapter keeps the vectors keyed by (row, model): the configured model's in the ordinary vector index, the
 * previous model's aside until `finish`.
 */
export interface EmbeddingMigrationStore {
  /** Null when no migration is under way. */
  state(): Promise<EmbeddingMigrationState | null>;
  /** The model whose memory and message vectors are kept aside while a migration runs (cheap: no counting); null otherwise. */
  previousSpace(): Promise<EmbeddingSpace | null>;
  /** Up to `limit` rows after the persisted cursor of `kind`, of which `items` still lack a vector. */
  pending(kind: ReembedKind, limit: number): Promise<ReembedBatch>;
  /**
   * Stores the vectors (of the configured model) of rows that still lack one, and moves the cursor, in one
   * transaction. Rows deleted meanwhile are skipped.
   */
  save(kind: ReembedKind, vectors: { id: string; vector: Float32Array }[], cursor: string): Promise<void>;
  /**
   * When every cursor has passed the last row: ends the migration in one transaction (from then on only the configured
   * model's vectors answer), then drops the previous vectors. False (and nothing changed) while rows are left.
   */
  finish(): Promise<boolean>;
  /**
   * Nearest memories by the previous model's vectors (query embedded with that model); null when no migration keeps
   * them (any more: the switch may have happened since the caller looked), so the caller searches the current ones.
   */
  searchPrevious(tenantId: string, vector: Float32Array, k: number, visibility: Visibility): Promise<ScoredId[] | null>;
  /**
   * `searchPrevious` for messages, in a message search's scope (`ConversationStore.searchMessageVectors`'s rules). Null
   * also when the migration began before message vectors were kept aside (it has none of them).
   */
  searchPreviousMessages(
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): Promise<ScoredId[] | null>;
}
