import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';

import type { AppConfig } from 'src/config/config';
import { createLlmClient } from 'src/llm/llm.factory';
import { LLM } from 'src/llm/llm.port';

/** The configured LLM client. */
@Module({})
export class LlmModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LlmModule,
      providers: [{ provide: LLM, useFactory: () => createLlmClient(config.llm) }],
      exports: [LLM],
    };
  }
}
