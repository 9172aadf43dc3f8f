import OpenAI from 'openai';
import { z } from 'zod';

import { withDeadline } from 'src/common/with-deadline';
import type { Embedder } from 'src/domain/embedding.port';
import { EmbeddingUnavailableError } from 'src/domain/embedding.port';
import { normalize } from 'src/embedding/vector-math';

/** Native sizes of well-known models, used when EMBEDDING_DIMENSIONS is not set. */
const KNOWN_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

export interface OpenAiEmbedderOptions {
  model: string;
  baseURL?: string;
  apiKey?: string;
  /** Required unless the model is in KNOWN_DIMENSIONS. */
  dimensions?: number;
  /** Deadline per HTTP request, retries included. */
  timeoutMs: number;
  maxRetries?: number;
  /** Inputs per request (the API takes up to 2048; smaller requests retry cheaper). */
  batchSize?: number;
  /** The API rejects inputs over 8191 tokens; this many characters stay below that for ordinary text. */
  maxChars?: number;
}

export function openAiEmbeddingDimensions(model: string, configured?: number): number | undefined {
  return configured ?? KNOWN_DIMENSIONS[model];
}

/** Any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM, LiteLLM...). */
export class OpenAiEmbedder implements Embedder {
  readonly model: string;
  readonly dimensions: number;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  private readonly maxChars: number;
  /** Only OpenAI's v3 models can shorten vectors; other servers may reject the parameter (vLLM does). */
  private readonly requestDimensions: number | undefined;

  constructor(options: OpenAiEmbedderOptions) {
    const dimensions = openAiEmbeddingDimensions(options.model, options.dimensions);
    if (dimensions === undefined) {
      throw new Error(
        `embedding dimensions unknown for model ${JSON.stringify(options.model)}: set EMBEDDING_DIMENSIONS`,
      );
    }
    this.model = options.model;
    this.dimensions = dimensions;
    this.timeoutMs = options.timeoutMs;
    this.batchSize = Math.min(options.batchSize ?? 256, 2048);
    this.maxChars = options.maxChars ?? 8000;
    this.requestDimensions =
      options.dimensions !== undefined && options.model.startsWith('text-embedding-3') ? options.dimensions : undefined;
    this.client = new OpenAI({
      baseURL: options.baseURL,
      // Local servers need no key, but the client refuses to start without one.
      apiKey: options.apiKey ?? 'unused',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? 2,
    });
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      vectors.push(...(await this.embedBatch(texts.slice(start, start + this.batchSize))));
    }

    return vectors;
  }

  private async embedBatch(texts: string[]): Promise<Float32Array[]> {
    // The API rejects empty strings.
    const input = texts.map((text) => (text.length === 0 ? ' ' : text.slice(0, this.maxChars)));
    let response: unknown;
    try {
      response = await withDeadline(this.timeoutMs, (signal) =>
        this.client.embeddings.create(
          { model: this.model, input, encoding_format: 'float', dimensions: this.requestDimensions },
          { signal },
        ),
      );
    } catch (error) {
      throw new EmbeddingUnavailableError(`embedding request to ${this.model} failed: ${describe(error)}`, {
        cause: error,
      });
    }

    return this.vectorsOf(response, input.length);
  }

  private vectorsOf(response: unknown, expected: number): Float32Array[] {
    const parsed = responseSchema.safeParse(response);
    if (!parsed.success) {
      const problem = parsed.error.issues[0]?.message ?? 'unknown shape';
      throw new EmbeddingUnavailableError(`embedding response from ${this.model} is malformed: ${problem}`);
    }
    const rows = new Array<Float32Array | undefined>(expected).fill(undefined);
    for (const { index, embedding } of parsed.data.data) {
      if (embedding.length !== this.dimensions) {
        throw new EmbeddingUnavailableError(
          `embedding model ${this.model} returned ${embedding.length} dimensions, configured ${this.dimensions}`,
        );
      }
      if (index >= expected || rows[index]) {
        throw new EmbeddingUnavailableError(`embedding response from ${this.model} has a bad index ${index}`);
      }
      rows[index] = normalize(Float32Array.from(embedding));
    }
    const vectors = rows.filter((row): row is Float32Array => row !== undefined);
    if (vectors.length !== expected) {
      throw new EmbeddingUnavailableError(
        `embedding model ${this.model} returned ${vectors.length} vectors for ${expected} inputs`,
      );
    }

    return vectors;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
