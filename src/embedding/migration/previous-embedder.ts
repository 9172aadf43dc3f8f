import type { Embedder } from 'src/domain/embedding.port';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { LocalEmbedder, USE_EMBEDDING_MODEL } from 'src/embedding/local.embedder';
import type { EmbeddingSpace } from 'src/store/store-connection';

/**
 * An embedder for the previous model of a migration when this process can run it without configuration: the
 * offline models (the bundled USE model, the hash embedder). A previous model behind an API (OpenAI-compatible)
 * is not called: its server may be gone, and a query would wait for it on every recall.
 */
export function previousEmbedder(space: EmbeddingSpace): Embedder | null {
  const hash = /^hash-v1-(\d+)$/.exec(space.model);
  if (hash && Number(hash[1]) === space.dimensions) {
    return new HashEmbedder(space.dimensions);
  }
  if (space.model === USE_EMBEDDING_MODEL && space.dimensions === 512) {
    return new LocalEmbedder();
  }

  return null;
}
