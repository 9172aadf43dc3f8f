import { Global, Inject, Logger, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/embedding/embedding.port';
import type { Embedder } from 'src/embedding/embedding.port';
import { MEMORY_STORE } from 'src/store/memory-store.port';
import type { MemoryStore } from 'src/store/memory-store.port';
import { Neo4jMemoryStore } from 'src/store/neo4j/neo4j-memory.store';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';

export function createMemoryStore(config: AppConfig): MemoryStore {
  return config.store.kind === 'neo4j'
    ? new Neo4jMemoryStore(config.store)
    : new SqliteMemoryStore({ file: config.store.file, vectorIndexMinRows: config.store.vectorIndexMinRows });
}

class StoreCloser implements OnApplicationShutdown {
  constructor(@Inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

@Global()
@Module({})
export class StoreModule {
  static forRoot(): DynamicModule {
    return {
      module: StoreModule,
      providers: [
        {
          provide: MEMORY_STORE,
          inject: [APP_CONFIG, EMBEDDER],
          useFactory: async (config: AppConfig, embedder: Embedder): Promise<MemoryStore> => {
            const store = createMemoryStore(config);
            await store.init({ model: embedder.model, dimensions: embedder.dimensions });
            const where = config.store.kind === 'sqlite' ? config.store.file : config.store.uri;
            new Logger('Store').log(`${config.store.kind} store at ${where}; embeddings ${embedder.model} (${embedder.dimensions}d)`);

            return store;
          },
        },
        StoreCloser,
      ],
      exports: [MEMORY_STORE],
    };
  }
}
