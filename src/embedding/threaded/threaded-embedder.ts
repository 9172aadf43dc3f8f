import { LRUCache } from 'lru-cache';

import type { Embedder, EmbedLane, EmbedOptions, EmbedRole } from 'src/domain/embedding.port';
import { LaneScheduler } from 'src/embedding/threaded/lane-scheduler';
import { ModelThread } from 'src/embedding/threaded/model-worker';
import type { WorkerSpec } from 'src/embedding/threaded/model-worker';

export interface ThreadedEmbedderOptions {
  /** Texts per model call on the bulk lane. */
  batchSize?: number;
  /** Texts are cut to this many characters before tokenizing (a tokenizer's cost grows with the length). */
  maxChars?: number;
  /**
   * A second model thread for the query lane (default): a query never waits for a bulk batch in progress, only for
   * the CPU. Without it both lanes share one thread, queries first, so a query waits at most one bulk batch.
   */
  queryThread?: boolean;
  /** Recent query-lane vectors kept (by text); 0 turns the cache off. */
  queryCacheSize?: number;
}

/** What a model adds to the threaded machinery: its identity, its worker and how a text is put to it. */
export interface ThreadedModel {
  model: string;
  dimensions: number;
  /**
   * Called when a thread starts (not at construction: building an embedder loads nothing), for the lane it serves
   * (`bulk` when one thread serves both).
   */
  worker: (lane: EmbedLane) => Omit<WorkerSpec, 'dimensions'>;
  /** The text the model sees for a query or a passage (a model's instruction prefix); the text itself by default. */
  prepare?: (text: string, role: EmbedRole) => string;
}

/**
 * A model run offline in worker threads: one for the query lane, one for bulk work, so a recall's query is never
 * queued behind an import's batch. Query-lane vectors are cached by text.
 */
export class ThreadedEmbedder implements Embedder {
  readonly model: string;
  readonly dimensions: number;
  private readonly batchSize: number;
  private readonly maxChars: number;
  private readonly threads: ModelThread[];
  private readonly lanes: { query: LaneScheduler; bulk: LaneScheduler };
  private readonly cache: LRUCache<string, Float32Array> | null;
  private readonly prepareText: (text: string, role: EmbedRole) => string;

  constructor(spec: ThreadedModel, options: ThreadedEmbedderOptions = {}) {
    this.model = spec.model;
    this.dimensions = spec.dimensions;
    this.prepareText = spec.prepare ?? ((text) => text);
    this.batchSize = options.batchSize ?? 16;
    this.maxChars = options.maxChars ?? 8000;
    const worker = (lane: EmbedLane) => (): WorkerSpec => ({ ...spec.worker(lane), dimensions: spec.dimensions });
    const bulk = new ModelThread(worker('bulk'));
    const query = options.queryThread === false ? bulk : new ModelThread(worker('query'));
    this.threads = query === bulk ? [bulk] : [query, bulk];
    const bulkLane = new LaneScheduler(bulk, this.batchSize);
    this.lanes = { bulk: bulkLane, query: query === bulk ? bulkLane : new LaneScheduler(query, this.batchSize) };
    const cacheSize = options.queryCacheSize ?? 500;
    this.cache = cacheSize > 0 ? new LRUCache({ max: cacheSize }) : null;
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) {
      return [];
    }
    const role = options.role ?? 'passage';
    const prepared = texts.map((text) => this.prepare(text, role));
    if ((options.lane ?? 'bulk') === 'query') {
      return this.embedQueries(prepared);
    }
    // A model call pads its texts to the longest: texts of like length batched together waste less of it.
    const order = prepared.map((_, i) => i).sort((a, b) => prepared[a]!.length - prepared[b]!.length);
    const vectors = new Array<Float32Array>(prepared.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const out = await this.lanes.bulk.submit(
        'bulk',
        batch.map((i) => prepared[i]!),
      );
      batch.forEach((i, j) => (vectors[i] = out[j]!));
    }

    return vectors;
  }

  /** Loads the model now instead of on the first `embed`. */
  isLoaded(): boolean {
    return this.threads.every((thread) => thread.loaded);
  }

  async warmUp(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.start()));
  }

  async close(): Promise<void> {
    this.cache?.clear();
    await Promise.all(this.threads.map((thread) => thread.close()));
  }

  /** Query-lane texts: cached vectors are answered at once, the others embedded together. */
  private async embedQueries(texts: string[]): Promise<Float32Array[]> {
    const found = new Map<string, Float32Array>();
    for (const text of texts) {
      const cached = this.cache?.get(text);
      if (cached) {
        found.set(text, cached);
      }
    }
    const missing = [...new Set(texts.filter((text) => !found.has(text)))];
    if (missing.length > 0) {
      const vectors = await this.lanes.query.submit('query', missing);
      missing.forEach((text, i) => {
        const vector = vectors[i] as Float32Array;
        found.set(text, vector);
        this.cache?.set(text, vector);
      });
    }

    // callers own the arrays they get: a copy, so a caller writing into one cannot change the cache
    return texts.map((text) => (found.get(text) as Float32Array).slice());
  }

  private prepare(text: string, role: EmbedRole): string {
    const cut = text.length > this.maxChars ? text.slice(0, this.maxChars) : text;
    // An empty string yields no tokens, and a trailing one silently drops its row from a USE batch.
    const prepared = this.prepareText(cut, role);

    return prepared.length === 0 ? ' ' : prepared;
  }
}
