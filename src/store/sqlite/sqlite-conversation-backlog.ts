import type { ConversationBacklog, OwedCount } from 'src/store/conversation-store.port';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';

interface CountRow {
  items: number;
  oldest: number | null;
}

function owed(row: CountRow | undefined): OwedCount {
  return { items: row?.items ?? 0, oldest: row?.oldest == null ? null : new Date(row.oldest) };
}

/**
 * The conversation side's owed work; an item's age counts from when it was stored (`stored_at`), not from its
 * `created_at`, which an import or a replay may set years back. Each count walks a partial index that holds only owed rows (messages without a
 * vector, messages owed extraction, live messages), so its cost follows the backlog, not the store's size.
 */
export function readConversationBacklog(
  database: SqliteDatabase,
  tenantId: string | null,
  compaction: { defaultBudget: number; share: number },
): ConversationBacklog {
  const vectors = database.space
    ? database
        .stmt<CountRow>(
          `SELECT count(*) AS items, min(COALESCE(stored_at, created_at)) AS oldest FROM messages INDEXED BY messages_owed_vector
           WHERE embedding_model IS NULL AND (? IS NULL OR tenant_id = ?)`,
        )
        .get(tenantId, tenantId)
    : undefined;
  const extractions = database
    .stmt<CountRow>(
      `SELECT count(*) AS items, min(COALESCE(stored_at, created_at)) AS oldest FROM messages INDEXED BY messages_owed_extraction
       WHERE extracted_at IS NULL AND (? IS NULL OR tenant_id = ?)`,
    )
    .get(tenantId, tenantId);
  const compactions = database
    .stmt<CountRow>(
      `SELECT count(*) AS items, min(live.oldest) AS oldest
       FROM (SELECT tenant_id, channel_id, SUM(token_count) AS tokens, MIN(COALESCE(stored_at, created_at)) AS oldest
             FROM messages INDEXED BY messages_channel_live
             WHERE summary_id IS NULL AND (? IS NULL OR tenant_id = ?) GROUP BY tenant_id, channel_id) live
       JOIN channels c ON c.tenant_id = live.tenant_id AND c.id = live.channel_id
       WHERE live.tokens > ? * COALESCE(c.token_budget, ?)`,
    )
    .get(tenantId, tenantId, compaction.share, compaction.defaultBudget);

  return { vectors: owed(vectors), extractions: owed(extractions), compactions: owed(compactions) };
}
