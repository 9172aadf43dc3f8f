import type { EmbedLane } from 'src/domain/embedding.port';
import type { ModelThread } from 'src/embedding/threaded/model-worker';

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
export class LaneScheduler {
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
