import type { Logger } from '@nestjs/common';

import { eventLoopSlicer } from 'src/common/event-loop';
import { withDeadline } from 'src/common/with-deadline';
import { EmbeddingUnavailableError } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';

/**
 * A search query's vector within the embedding deadline, or null (logged) when the embedder is down or slow: every
 * hybrid search then answers from full text and neighbours alone instead of failing.
 */
export async function embedQuery(
  embedder: Embedder,
  query: string,
  timeoutMs: number,
  logger: Logger,
): Promise<Float32Array | null> {
  try {
    const [vector] = await withDeadline(timeoutMs, () => embedder.embed([query], { lane: 'query', role: 'query' }));

    return vector ?? null;
  } catch (error) {
    logger.warn(
      `query embedding unavailable, searching by full text only: ${error instanceof Error ? error.message : String(error)}`,
    );

    return null;
  }
}

/**
 * The vector to store beside a new text a request waits for (the query lane), or null (logged) when the embedding provider is unavailable: the text is
 * still stored and found by full text. Any other failure is a bug and is thrown.
 */
export async function embedForStorage(
  embedder: Embedder,
  text: string,
  logger: Logger,
  what: string,
): Promise<Float32Array | null> {
  try {
    const [vector] = await embedder.embed([text], { lane: 'query' });

    return vector ?? null;
  } catch (error) {
    if (error instanceof EmbeddingUnavailableError) {
      logger.warn(`embeddings unavailable, storing the ${what} without a vector: ${error.message}`);

      return null;
    }
    throw error;
  }
}

/**
 * Vectors to store beside many texts, embedded `batchSize` at a time; a batch the provider cannot embed gets nulls
 * (those texts are stored and found by full text). Any other failure is a bug and is thrown.
 */
export async function embedBatchesForStorage(
  embedder: Embedder,
  texts: readonly string[],
  batchSize: number,
): Promise<(Float32Array | null)[]> {
  const out: (Float32Array | null)[] = [];
  // an embedder that answers on this thread (the hash one) resolves each batch at once: without a turn between
  // batches, 5,000 texts held the event loop for about 100 ms
  const slice = eventLoopSlicer();
  for (let i = 0; i < texts.length; i += batchSize) {
    await slice();
    const batch = texts.slice(i, i + batchSize);
    try {
      out.push(...(await embedder.embed(batch, { lane: 'bulk' })));
    } catch (error) {
      if (!(error instanceof EmbeddingUnavailableError)) {
        throw error;
      }
      out.push(...batch.map(() => null));
    }
  }

  return out;
}
