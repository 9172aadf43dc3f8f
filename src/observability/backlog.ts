import type { ConversationBacklog, ConversationStore, OwedCount } from 'src/store/conversation-store.port';
import type { EmbeddingMigrationState, EmbeddingMigrationStore } from 'src/store/embedding-migration.port';
import type { EntityStore } from 'src/store/entity-store.port';

/** The kinds of owed work, as the `kind` label of the backlog gauges names them. */
export const BACKLOG_KINDS = [
  'message_vectors',
  'memory_vectors',
  'extractions',
  'compactions',
  'reembed',
  'entity_links',
] as const;
export type BacklogKind = (typeof BACKLOG_KINDS)[number];

/** What each kind counts (status, the viewer, the gauges' help). */
export const BACKLOG_MEANING: Readonly<Record<BacklogKind, string>> = {
  message_vectors: 'messages without a vector',
  memory_vectors: 'memories without a vector of the configured model (embedding-model change)',
  extractions: 'messages owed LLM extraction',
  compactions: 'channels over their compaction budget',
  reembed: 'memories and messages left to re-embed',
  entity_links: 'ACTIVE memories still owed their entity links (they follow the write)',
};

export type Backlog = Record<BacklogKind, OwedCount>;

export interface BacklogStores {
  conversations: ConversationStore;
  embeddingMigration: EmbeddingMigrationStore;
  entities: Pick<EntityStore, 'countOwedLinks'>;
}

export interface CompactionBudget {
  defaultBudget: number;
  share: number;
}

/** The store's owed work by kind; an embedding-model migration owes its rows since it started. */
export function backlogOf(
  conversations: ConversationBacklog,
  migration: EmbeddingMigrationState | null,
  entityLinks: OwedCount,
): Backlog {
  const left = (kind: 'memory' | 'message'): number =>
    migration ? Math.max(0, migration.progress[kind].total - migration.progress[kind].done) : 0;
  const since = (items: number): OwedCount => ({ items, oldest: items > 0 ? (migration?.startedAt ?? null) : null });

  return {
    message_vectors: conversations.vectors,
    memory_vectors: since(left('memory')),
    extractions: conversations.extractions,
    compactions: conversations.compactions,
    reembed: since(left('memory') + left('message')),
    entity_links: entityLinks,
  };
}

/** Seconds since the oldest owed item (0 when nothing is owed). */
export function oldestAgeSeconds(owed: OwedCount, now: Date): number {
  return owed.oldest ? Math.max(0, (now.getTime() - owed.oldest.getTime()) / 1000) : 0;
}

/**
 * The backlog of a tenant (null: every tenant). The embedding-model migration is the whole store's: with a tenant,
 * its kinds still count every tenant's rows.
 */
export async function readBacklog(
  stores: BacklogStores,
  tenantId: string | null,
  budget: CompactionBudget,
): Promise<Backlog> {
  const [conversations, migration, entityLinks] = await Promise.all([
    stores.conversations.backlog(tenantId, budget),
    stores.embeddingMigration.state(),
    stores.entities.countOwedLinks(tenantId),
  ]);

  return backlogOf(conversations, migration, entityLinks);
}
