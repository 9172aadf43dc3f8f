import { Controller, Get, Header, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { JOB_QUEUE } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { ReembedService } from 'src/embedding/migration/reembed.service';
import type { ReembedStatus } from 'src/embedding/migration/reembed.service';
import { readiness } from 'src/health/readiness';
import type { Readiness } from 'src/health/readiness';
import { STORE_CONNECTION } from 'src/store/store-connection';
import type { StoreConnection } from 'src/store/store-connection';

interface Health {
  status: 'ok' | 'degraded';
  store: { kind: string; ok: boolean };
  embeddings: { kind: string; model: string; dimensions: number };
  queue: { kind: 'bullmq' | 'in-process'; ok: boolean };
  /** Present while the store re-embeds after a change of embedding model (recall keeps answering meanwhile). */
  embeddingMigration?: ReembedStatus;
}

/** A store that has not answered by then is not ready. */
const STORE_PING_TIMEOUT_MS = 2000;

function withTimeout(check: Promise<boolean>, ms: number): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref());

  return Promise.race([check.catch(() => false), timeout]);
}

/** `/healthz`: liveness and a summary (the process answers). `/readyz`: whether it should be sent traffic. */
@Controller()
export class HealthController {
  constructor(
    @Inject(STORE_CONNECTION) private readonly store: StoreConnection,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly reembed: ReembedService,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const [storeOk, queueOk, migration] = await Promise.all([
      this.store.ping().catch(() => false),
      this.queue.ping(),
      this.reembed.status().catch(() => null),
    ]);
    const body: Health = {
      status: storeOk && queueOk ? 'ok' : 'degraded',
      store: { kind: this.store.kind, ok: storeOk },
      embeddings: {
        kind: this.config.embeddings.kind,
        model: this.embedder.model,
        dimensions: this.embedder.dimensions,
      },
      queue: { kind: this.queue.kind, ok: queueOk },
      ...(migration ? { embeddingMigration: migration } : {}),
    };
    if (body.status !== 'ok') {
      res.status(503);
    }

    return body;
  }

  /** 200 when the store and Redis (when configured) answer and the embedding model is loaded, else 503. */
  @Get('readyz')
  @Header('cache-control', 'no-store')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const [store, redis] = await Promise.all([
      withTimeout(this.store.ping(), STORE_PING_TIMEOUT_MS),
      this.queue.kind === 'bullmq' ? this.queue.ping() : Promise.resolve(null),
    ]);
    const body = readiness({ store, redis, embeddings: this.embedder.isLoaded?.() ?? true });
    res.status(body.status === 'ready' ? 200 : 503);

    return body;
  }
}
