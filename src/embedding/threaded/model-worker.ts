import { Worker } from 'node:worker_threads';

import { EmbeddingUnavailableError } from 'src/domain/embedding.port';

/**
 * What a model runs in: JavaScript source evaluated in a worker thread (plain JavaScript in a string, so that it runs
 * unchanged under jest and from dist/ without a loader; module paths are resolved by the parent and passed in
 * `workerData`). The source (see `workerSource`) answers `ready` / `init-failed` once, then one `result` or `error`
 * per `{ id, texts }` message, a `result` holding `texts.length × dimensions` floats, in order.
 */
export interface WorkerSpec {
  /** Names the model in error messages ("local embedding model failed to load: ..."). */
  label: string;
  source: string;
  workerData: Record<string, unknown>;
  dimensions: number;
}

/**
 * A worker's source around `body`, which defines `ready` (a promise of the loaded model), `embed(texts)` (a promise
 * of a Float32Array of texts.length × dimensions) and may define `release()` (frees the model before the thread
 * ends): the protocol and the one-call-at-a-time loop. Inside, `parentPort`, `workerData` and `describe(error)` are
 * in scope.
 */
export function workerSource(body: string): string {
  return `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const describe = (error) => (error instanceof Error ? error.message : String(error));
${body}
ready.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (error) => parentPort.postMessage({ type: 'init-failed', message: describe(error) }),
);
let chain = Promise.resolve();
parentPort.on('message', ({ id, texts, close }) => {
  if (close) {
    // the call in progress finishes, the model is released, and the thread ends on its own
    chain = chain.then(() => (typeof release === 'function' ? release() : undefined)).finally(() => parentPort.close());
    return;
  }
  chain = chain.then(async () => {
    try {
      const out = await embed(texts);
      parentPort.postMessage({ type: 'result', id, buffer: out.buffer }, [out.buffer]);
    } catch (error) {
      parentPort.postMessage({ type: 'error', id, message: describe(error) });
    }
  });
});
`;
}

const CLOSE_GRACE_MS = 10_000;

type WorkerReply =
  | { type: 'ready' }
  | { type: 'init-failed'; message: string }
  | { type: 'result'; id: number; buffer: ArrayBuffer }
  | { type: 'error'; id: number; message: string };

interface Pending {
  resolve: (buffer: ArrayBuffer) => void;
  reject: (error: Error) => void;
}

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
  private readonly exited: Promise<void>;

  constructor(private readonly spec: WorkerSpec) {
    this.worker = new Worker(spec.source, { eval: true, workerData: spec.workerData });
    this.ready = new Promise<void>((resolve, reject) => {
      this.onReady = resolve;
      this.onInitFailed = reject;
    });
    this.worker.on('message', (reply: WorkerReply) => this.receive(reply));
    this.worker.on('error', (error) =>
      this.fail(new EmbeddingUnavailableError(`${spec.label} embedding worker crashed`, { cause: error })),
    );
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        this.fail(new EmbeddingUnavailableError(`${spec.label} embedding worker exited (${code})`));
        resolve();
      }),
    );
  }

  get isLoaded(): boolean {
    return this.loaded && this.alive;
  }

  get alive(): boolean {
    return this.failure === undefined;
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
    const dims = this.spec.dimensions;
    for (let offset = 0; offset < flat.length; offset += dims) {
      vectors.push(flat.slice(offset, offset + dims));
    }

    return vectors;
  }

  /**
   * Ends the thread after the model call in progress, the model released: terminating a thread while ONNX Runtime
   * runs in it aborts the whole process. A thread that has not ended after CLOSE_GRACE_MS is terminated.
   */
  async terminate(): Promise<void> {
    this.fail(new EmbeddingUnavailableError(`${this.spec.label} embedder closed`));
    this.worker.postMessage({ close: true });
    const timer = setTimeout(() => void this.worker.terminate(), CLOSE_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }

  private receive(reply: WorkerReply): void {
    switch (reply.type) {
      case 'ready':
        this.loaded = true;
        this.onReady?.();
        this.updateRef();

        return;
      case 'init-failed':
        this.fail(new EmbeddingUnavailableError(`${this.spec.label} embedding model failed to load: ${reply.message}`));
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
          pending?.reject(new EmbeddingUnavailableError(`${this.spec.label} embedding failed: ${reply.message}`));
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
export class ModelThread {
  private worker: ModelWorker | undefined;
  private starting: Promise<ModelWorker> | undefined;

  constructor(private readonly spec: () => WorkerSpec) {}

  get loaded(): boolean {
    return this.worker?.isLoaded === true;
  }

  start(): Promise<ModelWorker> {
    if (this.worker && !this.worker.alive) {
      this.worker = undefined;
      this.starting = undefined;
    }
    if (!this.starting) {
      const starting = this.spawn();
      this.starting = starting;
      // let the next call try again rather than caching the failure forever
      starting.catch(() => {
        if (this.starting === starting) {
          this.worker = undefined;
          this.starting = undefined;
        }
      });
    }

    return this.starting;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.starting = undefined;
    await worker?.terminate();
  }

  private async spawn(): Promise<ModelWorker> {
    let spec: WorkerSpec;
    try {
      spec = this.spec();
    } catch (error) {
      throw new EmbeddingUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const worker = new ModelWorker(spec);
    this.worker = worker;
    await worker.ready;

    return worker;
  }
}
