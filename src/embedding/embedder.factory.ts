import { assertUnreachable } from 'src/common/errors';
import type { AppConfig } from 'src/config/config';
import { ConfigError } from 'src/config/config';
import type { Embedder } from 'src/domain/embedding.port';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { OpenAiEmbedder, openAiEmbeddingDimensions } from 'src/embedding/openai.embedder';

/** Chooses the adapter; throws ConfigError for dimension settings the adapter cannot honour. */
export function createEmbedder(config: AppConfig['embeddings']): Embedder {
  switch (config.kind) {
    case 'hash':
      return new HashEmbedder(config.dimensions ?? 256);
    case 'local': {
      const embedder = new LocalEmbedder();
      if (config.dimensions !== undefined && config.dimensions !== embedder.dimensions) {
        throw new ConfigError([`EMBEDDING_DIMENSIONS: the local model produces ${embedder.dimensions} dimensions`]);
      }

      return embedder;
    }
    case 'openai': {
      const { model, baseURL, apiKey } = config.openai;
      if (openAiEmbeddingDimensions(model, config.dimensions) === undefined) {
        throw new ConfigError([`EMBEDDING_DIMENSIONS: required for embedding model ${JSON.stringify(model)}`]);
      }

      return new OpenAiEmbedder({ model, baseURL, apiKey, dimensions: config.dimensions, timeoutMs: config.timeoutMs });
    }
    default:
      return assertUnreachable(config.kind);
  }
}
