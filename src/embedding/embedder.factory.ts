import { assertUnreachable } from 'src/common/errors';
import type { AppConfig } from 'src/config/config';
import { ConfigError, USE_LOCAL_MODEL } from 'src/config/config';
import type { Embedder } from 'src/domain/embedding.port';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { ModelMissingError } from 'src/embedding/onnx/model-folder';
import { OnnxEmbedder } from 'src/embedding/onnx/onnx.embedder';
import { OpenAiEmbedder, openAiEmbeddingDimensions } from 'src/embedding/openai.embedder';

function localEmbedder(local: AppConfig['embeddings']['local']): Embedder {
  if (local.model === USE_LOCAL_MODEL) {
    return new LocalEmbedder();
  }
  try {
    return new OnnxEmbedder({ modelsDir: local.modelsDir, name: local.model });
  } catch (error) {
    if (error instanceof ModelMissingError) {
      throw new ConfigError([`LOCAL_EMBEDDING_MODEL: ${error.message}`]);
    }
    throw error;
  }
}

/** Chooses the adapter (loading no model); throws ConfigError for settings the adapter cannot honour. */
export function createEmbedder(config: AppConfig['embeddings']): Embedder {
  switch (config.kind) {
    case 'hash':
      return new HashEmbedder(config.dimensions ?? 256);
    case 'local': {
      const embedder = localEmbedder(config.local);
      if (config.dimensions !== undefined && config.dimensions !== embedder.dimensions) {
        throw new ConfigError([
          `EMBEDDING_DIMENSIONS: the local model ${embedder.model} produces ${embedder.dimensions} dimensions`,
        ]);
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
