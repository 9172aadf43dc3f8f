import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { COMPACTION_TRIGGER } from 'src/extraction/compaction.policy';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';
import { BACKLOG_KINDS, oldestAgeSeconds, readBacklog } from 'src/observability/backlog';
import type { Backlog, BacklogStores, CompactionBudget } from 'src/observability/backlog';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { EMBEDDING_MIGRATION_STORE } from 'src/store/embedding-migration.port';
import type { EmbeddingMigrationStore } from 'src/store/embedding-migration.port';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore } from 'src/store/entity-store.port';

/** Scrapes within this of the last read share it (many scrapers, two gauges per scrape). */
export const BACKLOG_REFRESH_MS = 1000;
/** A scrape waits this long for a fresh read, then serves the last one (a slow or stopped store never stalls it). */
export const BACKLOG_WAIT_MS = 250;

/**
 * The owed work as gauges (`engram_backlog_items`, `engram_backlog_oldest_age_seconds` by kind, every tenant
 * together: a tenant label would make one series per tenant) and per tenant for the viewer. Each read walks indexes
 * over the owed rows only; a scrape waits at most BACKLOG_WAIT_MS for it once a first snapshot exists.
 */
@Injectable()
export class BacklogService implements OnModuleInit {
  private readonly logger = new Logger(BacklogService.name);
  private readonly budget: CompactionBudget;
  private snapshot: { at: number; backlog: Backlog } | null = null;
  private refreshing: Promise<Backlog> | null = null;

  constructor(
    @Inject(CONVERSATION_STORE) private readonly conversations: ConversationStore,
    @Inject(EMBEDDING_MIGRATION_STORE) private readonly embeddingMigration: EmbeddingMigrationStore,
    @Inject(ENTITY_STORE) private readonly entities: EntityStore,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'conversations'>,
    private readonly metrics: MetricsService,
  ) {
    this.budget = { defaultBudget: config.conversations.tokenBudget, share: COMPACTION_TRIGGER };
  }

  onModuleInit(): void {
    // a scrape must not fail because the store is away: the series keep their last values
    engramMetrics.backlogItems(this.metrics, async (gauge) => {
      const backlog = await this.current().catch(() => null);
      BACKLOG_KINDS.forEach((kind) => backlog && gauge.set({ kind }, backlog[kind].items));
    });
    engramMetrics.backlogOldestAge(this.metrics, async (gauge) => {
      const backlog = await this.current().catch(() => null);
      const now = new Date();
      BACKLOG_KINDS.forEach((kind) => backlog && gauge.set({ kind }, oldestAgeSeconds(backlog[kind], now)));
    });
  }

  /** Every tenant's backlog as of at most BACKLOG_REFRESH_MS ago (only the first call waits for the store). */
  async current(): Promise<Backlog> {
    const snapshot = this.snapshot;
    if (snapshot && Date.now() - snapshot.at < BACKLOG_REFRESH_MS) {
      return snapshot.backlog;
    }
    const fresh = this.refresh();
    if (!snapshot) {
      return fresh;
    }
    const stale = new Promise<Backlog>((resolve) =>
      setTimeout(() => resolve(snapshot.backlog), BACKLOG_WAIT_MS).unref(),
    );

    return Promise.race([fresh, stale]);
  }

  /** One tenant's backlog, read now (the migration's kinds are the whole store's). */
  forTenant(tenantId: string): Promise<Backlog> {
    return readBacklog(this.stores, tenantId, this.budget);
  }

  private get stores(): BacklogStores {
    return { conversations: this.conversations, embeddingMigration: this.embeddingMigration, entities: this.entities };
  }

  private refresh(): Promise<Backlog> {
    this.refreshing ??= readBacklog(this.stores, null, this.budget)
      .then((backlog) => {
        this.snapshot = { at: Date.now(), backlog };

        return backlog;
      })
      .catch((error: unknown) => {
        this.logger.warn(`backlog not read: ${error instanceof Error ? error.message : String(error)}`);
        if (this.snapshot) {
          return this.snapshot.backlog;
        }
        throw error;
      })
      .finally(() => {
        this.refreshing = null;
      });

    return this.refreshing;
  }
}
