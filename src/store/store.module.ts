import { Global, Inject, Logger, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';

import { tracingEnabled } from 'src/common/tracing';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { StoreOptions } from 'src/domain/store-options';
import { BULLETIN_STORE } from 'src/store/bulletin-store.port';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import { EMBEDDING_MIGRATION_STORE } from 'src/store/embedding-migration.port';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import { LLM_USAGE_STORE } from 'src/store/llm-usage-store.port';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import { STORE_CONNECTION } from 'src/store/store-connection';
import type { StoreConnection } from 'src/store/store-connection';
import { openStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { TENANT_DATA_STORE } from 'src/store/tenant-data.port';
import { TENANT_REGISTRY } from 'src/store/tenant-registry.port';
import { tracedStores } from 'src/store/traced-stores';

const STORES = Symbol('STORES');

class StoreCloser implements OnApplicationShutdown {
  constructor(@Inject(STORE_CONNECTION) private readonly connection: StoreConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}

/**
 * One connection per process (initialised for the embedding space), and one provider per store port over it.
 * Global: every feature module reads or writes through the ports, and there is one connection to share.
 */
@Global()
@Module({})
export class StoreModule {
  static forRoot(options: StoreOptions): DynamicModule {
    return {
      module: StoreModule,
      providers: [
        {
          provide: STORES,
          inject: [EMBEDDER],
          useFactory: async (embedder: Embedder): Promise<Stores> => {
            const stores = openStores(options);
            await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });
            const where = options.kind === 'sqlite' ? options.file : options.uri;
            new Logger('Store').log(
              `${options.kind} store at ${where}; embeddings ${embedder.model} (${embedder.dimensions}d)`,
            );

            // each store call in a span when tracing is on; off, the ports are handed out untouched
            return tracingEnabled() ? tracedStores(stores, options.kind) : stores;
          },
        },
        { provide: STORE_CONNECTION, inject: [STORES], useFactory: (stores: Stores) => stores.connection },
        { provide: MEMORY_STORE, inject: [STORES], useFactory: (stores: Stores) => stores.memories },
        { provide: BULLETIN_STORE, inject: [STORES], useFactory: (stores: Stores) => stores.bulletins },
        { provide: MEMORY_GRAPH, inject: [STORES], useFactory: (stores: Stores) => stores.graph },
        { provide: LLM_USAGE_STORE, inject: [STORES], useFactory: (stores: Stores) => stores.llmUsage },
        { provide: CONVERSATION_STORE, inject: [STORES], useFactory: (stores: Stores) => stores.conversations },
        {
          provide: EMBEDDING_MIGRATION_STORE,
          inject: [STORES],
          useFactory: (stores: Stores) => stores.embeddingMigration,
        },
        { provide: TENANT_DATA_STORE, inject: [STORES], useFactory: (stores: Stores) => stores.tenantData },
        { provide: TENANT_REGISTRY, inject: [STORES], useFactory: (stores: Stores) => stores.tenants },
        { provide: ENTITY_STORE, inject: [STORES], useFactory: (stores: Stores) => stores.entities },
        StoreCloser,
      ],
      exports: [
        STORE_CONNECTION,
        MEMORY_STORE,
        BULLETIN_STORE,
        MEMORY_GRAPH,
        LLM_USAGE_STORE,
        CONVERSATION_STORE,
        TENANT_DATA_STORE,
        EMBEDDING_MIGRATION_STORE,
        TENANT_REGISTRY,
        ENTITY_STORE,
      ],
    };
  }
}
