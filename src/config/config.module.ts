import { Global, Inject, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/embedding/embedding.port';
import type { Embedder } from 'src/embedding/embedding.port';
import { createEmbedder } from 'src/embedding/embedder.factory';
import { createLlmClient } from 'src/llm/llm.factory';
import { LLM } from 'src/llm/llm.port';
import { MetricsService } from 'src/metrics/metrics.service';

class EmbedderCloser implements OnApplicationShutdown {
  constructor(@Inject(EMBEDDER) private readonly embedder: Embedder) {}

  async onApplicationShutdown(): Promise<void> {
    await this.embedder.close?.();
  }
}

/** Configuration and the process-wide ports that everything else depends on (global: every module reads them). */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: EMBEDDER, useFactory: () => createEmbedder(config.embeddings) },
        { provide: LLM, useFactory: () => createLlmClient(config.llm) },
        EmbedderCloser,
        MetricsService,
      ],
      exports: [APP_CONFIG, EMBEDDER, LLM, MetricsService],
    };
  }
}
