import { assertUnreachable } from 'src/common/errors';
import type { AppConfig } from 'src/config/config';
import { ConfigError } from 'src/config/config';
import type { LlmClient } from 'src/llm/llm.port';
import { OpenAiLlmClient } from 'src/llm/openai-llm.client';

/** Null when no LLM is configured: see `LLM` in llm.port.ts. */
export function createLlmClient(config: AppConfig['llm']): LlmClient | null {
  switch (config.kind) {
    case 'none':
      return null;
    case 'openai':
      if (!config.apiKey && !config.baseURL) {
        throw new ConfigError(['OPENAI_API_KEY: LLM=openai needs OPENAI_API_KEY or OPENAI_BASE_URL']);
      }

      return new OpenAiLlmClient({
        model: config.model,
        baseURL: config.baseURL,
        apiKey: config.apiKey,
        timeoutMs: config.timeoutMs,
      });
    default:
      return assertUnreachable(config.kind);
  }
}
