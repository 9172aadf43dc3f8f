import { Inject, Logger, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { createEmbedder } from 'src/embedding/embedder.factory';
import { ensureLocalModel } from 'src/embedding/onnx/ensure-model';
import { ThreadedEmbedder } from 'src/embedding/threaded/threaded-embedder';

class EmbedderLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(EMBEDDER) private readonly embedder: Embedder) {}

  /** A local model loads in the background (about 2 s), so the first recall does not wait for it. */
  onApplicationBootstrap(): void {
    if (this.embedder instanceof ThreadedEmbedder) {
      this.embedder
        .warmUp()
        .catch((error: unknown) =>
          new Logger('EmbeddingModel').warn(
            `the embedding model did not load: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.embedder.close?.();
  }
}

/** The configured embedder (its model fetched first when it is not there yet), closed at shutdown. */
@Module({})
export class EmbeddingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: EmbeddingModule,
      providers: [
        {
          provide: EMBEDDER,
          useFactory: async () => {
            // straight to stderr: Nest holds its log lines back until the application is up, and a first fetch
            // should show its progress while it happens
            await ensureLocalModel(config.embeddings, (line) => process.stderr.write(`[embedding model] ${line}\n`));

            return createEmbedder(config.embeddings);
          },
        },
        EmbedderLifecycle,
      ],
      exports: [EMBEDDER],
    };
  }
}
