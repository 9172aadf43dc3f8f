import { Inject, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';

import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { createEmbedder } from 'src/embedding/embedder.factory';

class EmbedderCloser implements OnApplicationShutdown {
  constructor(@Inject(EMBEDDER) private readonly embedder: Embedder) {}

  async onApplicationShutdown(): Promise<void> {
    await this.embedder.close?.();
  }
}

/** The configured embedder, closed at shutdown. */
@Module({})
export class EmbeddingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: EmbeddingModule,
      providers: [{ provide: EMBEDDER, useFactory: () => createEmbedder(config.embeddings) }, EmbedderCloser],
      exports: [EMBEDDER],
    };
  }
}
