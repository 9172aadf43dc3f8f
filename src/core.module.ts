import { Global, Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EmbeddingModule } from 'src/embedding/embedding.module';
import { LlmModule } from 'src/llm/llm.module';
import { MetricsModule } from 'src/metrics/metrics.module';

/**
 * Configuration and the process-wide ports that everything else depends on: the embedder, the LLM client and
 * metrics, one of each per process. Global because nearly every module needs one of them.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [EmbeddingModule.forRoot(config), LlmModule.forRoot(config), MetricsModule],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG, EmbeddingModule, LlmModule, MetricsModule],
    };
  }
}
