import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore, ScoredId, Visibility } from 'src/domain/memory-store.port';
import { embedQuery } from 'src/embedding/embed-safely';
import { previousEmbedder } from 'src/embedding/migration/previous-embedder';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore, MessageSearchScope } from 'src/store/conversation-store.port';
import { EMBEDDING_MIGRATION_STORE } from 'src/store/embedding-migration.port';
import type { EmbeddingMigrationStore } from 'src/store/embedding-migration.port';
import type { EmbeddingSpace } from 'src/store/store-connection';

/** A query's vector and the model that made it: the configured one, or a migration's previous one. */
export interface QueryVector {
  /** The text embedded (the search may need to embed it again with the configured model). */
  text: string;
  vector: Float32Array;
  model: string;
  /** Search the vectors a migration keeps aside (the previous model's) instead of the current ones. */
  previous: boolean;
}

/** How long a process trusts what it read about a migration: the switch reaches other processes within this. */
const STATE_TTL_MS = 1000;

/**
 * The vector side of memory recall and of message search across an embedding-model migration. Normally: the query
 * embedded with the configured model, searched among the current vectors. While a migration runs, the previous
 * model's vectors still cover every memory and message stored before it began, so when this process can run the
 * previous model offline (the bundled USE model, the hash embedder) the query is embedded with it and searched among
 * those; otherwise (the previous model sat behind an API) the configured model searches the vectors re-embedded so
 * far, and full text covers the rest. After the switch only the configured model's vectors answer.
 */
@Injectable()
export class QueryVectors implements OnApplicationShutdown {
  private readonly logger = new Logger(QueryVectors.name);
  private state: { at: number; previous: EmbeddingSpace | null } | null = null;
  private previousModel: { model: string; embedder: Embedder | null } | null = null;

  constructor(
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(EMBEDDING_MIGRATION_STORE) private readonly migration: EmbeddingMigrationStore,
    @Inject(MEMORY_STORE) private readonly memories: MemoryStore,
    @Inject(CONVERSATION_STORE) private readonly conversations: ConversationStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The query's vector, or null (logged) when no model could embed it: recall then runs on text and graph. */
  async embed(text: string): Promise<QueryVector | null> {
    const previous = await this.previousEmbedder();
    if (previous) {
      const vector = await embedQuery(previous, text, this.config.embeddings.timeoutMs, this.logger);
      if (vector) {
        return { text, vector, model: previous.model, previous: true };
      }
    }
    const vector = await embedQuery(this.embedder, text, this.config.embeddings.timeoutMs, this.logger);

    return vector ? this.current(text, vector) : null;
  }

  /** A vector of the configured model computed by the caller (benchmarks). */
  current(text: string, vector: Float32Array): QueryVector {
    return { text, vector, model: this.embedder.model, previous: false };
  }

  async search(tenantId: string, query: QueryVector, k: number, visibility: Visibility): Promise<ScoredId[]> {
    return this.searchEither(
      query,
      (vector) => this.memories.searchVectors(tenantId, vector, k, visibility),
      (vector) => this.migration.searchPrevious(tenantId, vector, k, visibility),
    );
  }

  /** The vector side of message search: `search` for the messages of a message search's scope. */
  async searchMessages(
    tenantId: string,
    query: QueryVector,
    k: number,
    scope: MessageSearchScope,
  ): Promise<ScoredId[]> {
    return this.searchEither(
      query,
      (vector) => this.conversations.searchMessageVectors(tenantId, vector, k, scope),
      (vector) => this.migration.searchPreviousMessages(tenantId, vector, k, scope),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.previousModel?.embedder?.close?.();
  }

  /**
   * The current vectors for a query of the configured model; the set-aside ones for a query of the previous model,
   * unless the store keeps none (null): then the configured model embeds the query and its vectors answer.
   */
  private async searchEither(
    query: QueryVector,
    current: (vector: Float32Array) => Promise<ScoredId[]>,
    previous: (vector: Float32Array) => Promise<ScoredId[] | null>,
  ): Promise<ScoredId[]> {
    if (!query.previous) {
      return current(query.vector);
    }
    const hits = await previous(query.vector);
    if (hits !== null) {
      return hits;
    }
    // the migration switched since this process last looked (or, for messages, began before message vectors were
    // kept aside): the configured model's vectors answer
    this.state = null;
    const vector = await embedQuery(this.embedder, query.text, this.config.embeddings.timeoutMs, this.logger);

    return vector ? current(vector) : [];
  }

  private async previousEmbedder(): Promise<Embedder | null> {
    const now = Date.now();
    if (!this.state || now - this.state.at >= STATE_TTL_MS) {
      this.state = { at: now, previous: await this.migration.previousSpace() };
    }
    const space = this.state.previous;
    if (space === null) {
      return null;
    }
    if (this.previousModel?.model !== space.model) {
      await this.previousModel?.embedder?.close?.();
      this.previousModel = { model: space.model, embedder: previousEmbedder(space) };
    }

    return this.previousModel.embedder;
  }
}
