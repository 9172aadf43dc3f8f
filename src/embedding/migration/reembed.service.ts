import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { memoryEmbeddingText, messageEmbeddingText } from 'src/embedding/embedding-text';
import { EMBEDDING_MIGRATION_STORE, REEMBED_KINDS } from 'src/store/embedding-migration.port';
import type {
  EmbeddingMigrationStore,
  ReembedItem,
  ReembedKind,
  ReembedProgress,
} from 'src/store/embedding-migration.port';

/** Texts per embedder call. */
const EMBED_CHUNK = 64;
/** Progress lines at most this often (and once per kind at its end). */
const LOG_EVERY_MS = 5000;
/** While a migration lasts, the job is queued again this often (a running one is shared, not repeated). */
const RETRY_MS = 60_000;
/** /healthz reads the store's counts at most this often (Neo4j counts by scanning the nodes). */
const STATUS_CACHE_MS = 5000;

export interface ReembedStatus {
  from: string | null;
  to: string;
  startedAt: string;
  memories: ReembedProgress;
  messages: ReembedProgress;
  /** done / total over memories and messages, 0..1 */
  fraction: number;
}

export interface ReembedReport {
  /** idle: there was no migration; switched: this run finished it; pending: rows are still left (another run holds them). */
  outcome: 'idle' | 'switched' | 'pending';
  /** The configured model, whose vectors were made. */
  model: string;
  embedded: Record<ReembedKind, number>;
  ms: number;
}

function text(kind: ReembedKind, item: ReembedItem): string {
  return kind === 'memory' ? memoryEmbeddingText(item.content) : messageEmbeddingText(item.speaker, item.content);
}

/**
 * Re-embeds every memory and message with the configured model after a change of embedding model, in batches whose
 * vectors and cursor the store commits together, then switches (see `EmbeddingMigrationStore`). Runs as a job
 * (`JobName.Reembed`, queued at boot while a migration is under way: BullMQ when REDIS_URL is set, else in process)
 * and as the offline `reembed` command. Reruns after a crash resume at the cursor; rows are never embedded twice.
 */
@Injectable()
export class ReembedService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReembedService.name);
  private running: Promise<ReembedReport> | null = null;
  private cached: { at: number; status: ReembedStatus | null } | null = null;
  private readonly batchSize: number;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    @Inject(EMBEDDING_MIGRATION_STORE) private readonly store: EmbeddingMigrationStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'reembedBatch'>,
    @Optional() @Inject(JOB_QUEUE) private readonly queue: JobQueue | null = null,
  ) {
    this.batchSize = config.reembedBatch;
  }

  /**
   * Every process queues the job while a migration is under way (the job id makes it one job per migration and
   * retry round), and again every RETRY_MS while it lasts: a job that gave up (the embedding server was down) is
   * taken up again without a restart.
   */
  onApplicationBootstrap(): void {
    const queue = (): void => {
      void this.queueIfPending().catch((error: unknown) =>
        this.logger.warn(
          `could not queue the re-embedding job: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    };
    queue();
    this.retry = setInterval(queue, RETRY_MS);
    this.retry.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.retry);
  }

  async queueIfPending(now = Date.now()): Promise<boolean> {
    const state = await this.store.state();
    if (state === null || this.queue === null) {
      return false;
    }
    const round = Math.floor((now - state.startedAt.getTime()) / RETRY_MS);
    if (round === 0) {
      const from = state.from?.model ?? 'none';
      this.logger.log(
        `embedding model changed from ${from} to ${state.to.model} (${state.to.dimensions}d): re-embedding ` +
          `${state.progress.memory.total} memories and ${state.progress.message.total} messages in the background`,
      );
    }
    const jobId = `reembed-${state.to.model}-${state.startedAt.getTime()}-${round}`.replace(/[^A-Za-z0-9._-]/g, '_');
    await this.queue.enqueue(JobName.Reembed, {}, { jobId });

    return true;
  }

  /** One run per process at a time; a second caller shares the running one. */
  run(): Promise<ReembedReport> {
    this.running ??= this.runOnce().finally(() => {
      this.running = null;
      this.cached = null;
    });

    return this.running;
  }

  async status(): Promise<ReembedStatus | null> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < STATUS_CACHE_MS) {
      return this.cached.status;
    }
    const state = await this.store.state();
    const status =
      state === null
        ? null
        : {
            from: state.from?.model ?? null,
            to: state.to.model,
            startedAt: state.startedAt.toISOString(),
            memories: state.progress.memory,
            messages: state.progress.message,
            fraction: fraction(state.progress.memory, state.progress.message),
          };
    this.cached = { at: now, status };

    return status;
  }

  private async runOnce(): Promise<ReembedReport> {
    const started = performance.now();
    const embedded: Record<ReembedKind, number> = { memory: 0, message: 0 };
    if ((await this.store.state()) === null) {
      return { outcome: 'idle', model: this.embedder.model, embedded, ms: performance.now() - started };
    }
    let lastLog = performance.now();
    for (const kind of REEMBED_KINDS) {
      for (;;) {
        const batch = await this.store.pending(kind, this.batchSize);
        if (batch.cursor === null) {
          break;
        }
        const vectors = await this.embed(kind, batch.items);
        await this.store.save(kind, vectors, batch.cursor);
        // this process's /healthz shows each batch; other processes see it within STATUS_CACHE_MS
        this.cached = null;
        embedded[kind] += vectors.length;
        if (performance.now() - lastLog >= LOG_EVERY_MS) {
          lastLog = performance.now();
          await this.logProgress();
        }
      }
    }
    const switched = await this.store.finish();
    const ms = performance.now() - started;
    if (switched) {
      this.logger.log(
        `re-embedding done in ${(ms / 1000).toFixed(1)} s (${embedded.memory} memories, ${embedded.message} messages ` +
          `embedded by this run): recall now uses ${this.embedder.model} vectors only; the previous vectors were dropped`,
      );
    }

    return { outcome: switched ? 'switched' : 'pending', model: this.embedder.model, embedded, ms };
  }

  private async embed(kind: ReembedKind, items: ReembedItem[]): Promise<{ id: string; vector: Float32Array }[]> {
    const out: { id: string; vector: Float32Array }[] = [];
    for (let i = 0; i < items.length; i += EMBED_CHUNK) {
      const chunk = items.slice(i, i + EMBED_CHUNK);
      const vectors = await this.embedder.embed(chunk.map((item) => text(kind, item)));
      chunk.forEach((item, j) => {
        const vector = vectors[j];
        if (!vector) {
          throw new Error(`the embedder returned ${vectors.length} vectors for ${chunk.length} texts`);
        }
        out.push({ id: item.id, vector });
      });
    }

    return out;
  }

  private async logProgress(): Promise<void> {
    this.cached = null;
    const status = await this.status();
    if (status) {
      this.logger.log(
        `re-embedding to ${status.to}: memories ${status.memories.done}/${status.memories.total}, ` +
          `messages ${status.messages.done}/${status.messages.total} (${(status.fraction * 100).toFixed(1)}%)`,
      );
    }
  }
}

function fraction(...parts: ReembedProgress[]): number {
  const total = parts.reduce((sum, p) => sum + p.total, 0);

  return total === 0 ? 1 : parts.reduce((sum, p) => sum + p.done, 0) / total;
}
