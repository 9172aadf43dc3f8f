import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import type { INestApplicationContext, Provider, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { APP_CONFIG, loadConfig } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { ContextService } from 'src/conversation/context.service';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { BULLETIN_READER } from 'src/cortex/bulletin/bulletin-reader';
import type { BulletinReader } from 'src/cortex/bulletin/bulletin-reader';
import { EMBEDDER, EmbeddingUnavailableError } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobHandlerMap, JobPayloads } from 'src/domain/job.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { QueryVectors } from 'src/embedding/migration/query-vectors';
import { EntityLinker } from 'src/entities/entity-linker.service';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { ExtractionWriter } from 'src/extraction/extraction-writer';
import { LlmExtractionService } from 'src/extraction/llm-extraction.service';
import { MessageVectors } from 'src/extraction/message-vectors.service';
import { SameTurnExtractor } from 'src/extraction/same-turn-extractor';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { LLM } from 'src/llm/llm.port';
import type { LlmClient } from 'src/llm/llm.port';
import { ContradictionArbiter } from 'src/memory/contradiction-arbiter';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { MemoryService } from 'src/memory/memory.service';
import { WriteDecider } from 'src/memory/write/decide';
import { MetricsService } from 'src/metrics/metrics.service';
import { BacklogService } from 'src/observability/backlog.service';
import { RecallService } from 'src/recall/recall.service';
import { BULLETIN_STORE } from 'src/store/bulletin-store.port';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import { EMBEDDING_MIGRATION_STORE } from 'src/store/embedding-migration.port';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import { LLM_USAGE_STORE } from 'src/store/llm-usage-store.port';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import { STORE_CONNECTION } from 'src/store/store-connection';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { TENANT_DATA_STORE } from 'src/store/tenant-data.port';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';

/** The hash embedder, counting the texts it embeds; `down` makes it fail the way an unreachable provider does. */
export class CountingEmbedder implements Embedder {
  readonly texts: string[] = [];
  down = false;
  private readonly inner: HashEmbedder;

  constructor(dimensions = 64) {
    this.inner = new HashEmbedder(dimensions);
  }

  get model(): string {
    return this.inner.model;
  }

  get dimensions(): number {
    return this.inner.dimensions;
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (this.down) {
      return Promise.reject(new EmbeddingUnavailableError('embedding provider down'));
    }
    this.texts.push(...texts);

    return this.inner.embed(texts);
  }
}

/** A job the services offered to the queue, in the order offered. */
export interface OfferedJob {
  name: JobName;
  payload: JobPayloads[JobName];
}

/**
 * The write, recall, conversation, context and tenant-data services wired by Nest's injector over a real SQLite
 * store in a temp directory and the hash embedder, without the HTTP app, GraphQL or the cortex. Jobs go to the
 * real in-process queue; its handlers record each job, and RecordAccess also runs (the store's bookkeeping).
 */
export interface ServiceKit {
  stores: Stores;
  config: AppConfig;
  embedder: CountingEmbedder;
  queue: InProcessQueue;
  jobs: OfferedJob[];
  get<T>(service: Type<T>): T;
  close(): Promise<void>;
}

export interface ServiceKitOptions {
  /** Environment beside the kit's own (EMBEDDINGS=hash, the temp data dir). */
  env?: Record<string, string>;
  /** An LLM client (the fake OpenAI server's): enables the arbiter and LLM extraction. */
  llm?: LlmClient | null;
  /** Open the store of this directory (a restart over what an earlier kit left), and leave it on close. */
  dataDir?: string;
}

const SERVICES: Type[] = [
  MetricsService,
  ContradictionArbiter,
  MemoryService,
  WriteDecider,
  MemoryWriteService,
  EntityLinker,
  OwedEntityLinks,
  QueryVectors,
  RecallService,
  ExtractionWriter,
  SameTurnExtractor,
  LlmExtractionService,
  MessageVectors,
  MessageSearchService,
  ConversationService,
  ContextService,
  TenantDataService,
  BacklogService,
];

export async function openServiceKit(options: ServiceKitOptions = {}): Promise<ServiceKit> {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'engram-service-'));
  const config = loadConfig({ EMBEDDINGS: 'hash', ENGRAM_DATA_DIR: dir, LOG_LEVEL: 'error', ...options.env });
  const embedder = new CountingEmbedder();
  const stores = openSqliteStores(join(dir, 'engram.sqlite'));
  await stores.connection.init({ model: embedder.model, dimensions: embedder.dimensions });

  const jobs: OfferedJob[] = [];
  const handlers = Object.fromEntries(
    Object.values(JobName).map((name) => [
      name,
      async (payload: JobPayloads[JobName]) => {
        jobs.push({ name, payload });
        if (name === JobName.RecordAccess) {
          const access = payload as JobPayloads[JobName.RecordAccess];
          await stores.memories.recordAccess(access.tenantId, access.ids, new Date(access.at));
        }
      },
    ]),
  ) as JobHandlerMap;
  const queue = new InProcessQueue(handlers);

  const providers: Provider[] = [
    { provide: APP_CONFIG, useValue: config },
    { provide: EMBEDDER, useValue: embedder },
    { provide: LLM, useValue: options.llm ?? null },
    { provide: JOB_QUEUE, useValue: queue },
    { provide: STORE_CONNECTION, useValue: stores.connection },
    { provide: MEMORY_STORE, useValue: stores.memories },
    { provide: ENTITY_STORE, useValue: stores.entities },
    { provide: BULLETIN_STORE, useValue: stores.bulletins },
    { provide: MEMORY_GRAPH, useValue: stores.graph },
    { provide: LLM_USAGE_STORE, useValue: stores.llmUsage },
    { provide: CONVERSATION_STORE, useValue: stores.conversations },
    { provide: TENANT_DATA_STORE, useValue: stores.tenantData },
    { provide: EMBEDDING_MIGRATION_STORE, useValue: stores.embeddingMigration },
    {
      provide: BULLETIN_READER,
      // the stored bulletin only: these specs look at recall, not at the briefing rendered before one is stored
      useValue: {
        latest: (tenantId) => stores.bulletins.latestBulletin(tenantId),
        stored: (tenantId) => stores.bulletins.latestBulletin(tenantId),
      } satisfies BulletinReader,
    },
    ...SERVICES,
  ];

  @Module({ providers, exports: SERVICES })
  class ServiceKitModule {}

  const context: INestApplicationContext = await NestFactory.createApplicationContext(ServiceKitModule, {
    logger: false,
  });

  return {
    stores,
    config,
    embedder,
    queue,
    jobs,
    get: (service) => context.get(service),
    async close() {
      await queue.close();
      await context.close();
      await stores.connection.close();
      if (options.dataDir === undefined) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
