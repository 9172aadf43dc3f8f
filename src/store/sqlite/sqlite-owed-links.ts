import type { OwedCount } from 'src/store/conversation-store.port';
import type { OwedLinks, OwedLinksAfter } from 'src/store/entity-store.port';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';

interface OwedRow {
  tenant_id: string;
  id: string;
  content: string;
  slot: string | null;
  entities_owed_slot_value: string | null;
  entities_owed_at: number;
}

/**
 * Memories owed their entity links (migration 020): `entities_owed_at` is set by the insert and cleared by the
 * linker's transaction. Both reads walk the partial index memories_entities_owed, which holds the owed rows only.
 */
export function listOwedLinks(
  database: SqliteDatabase,
  olderThan: Date,
  after: OwedLinksAfter | null,
  limit: number,
): OwedLinks[] {
  const afterAt = after?.owedAt.getTime() ?? null;

  return database
    .stmt<OwedRow>(
      `SELECT tenant_id, id, content, slot, entities_owed_slot_value, entities_owed_at
       FROM memories INDEXED BY memories_entities_owed
       WHERE entities_owed_at IS NOT NULL AND entities_owed_at <= ? AND status = 'ACTIVE'
         AND (? IS NULL OR entities_owed_at > ? OR (entities_owed_at = ? AND id > ?))
       ORDER BY entities_owed_at, id LIMIT ?`,
    )
    .all(olderThan.getTime(), afterAt, afterAt, afterAt, after?.memoryId ?? '', limit)
    .map((row) => ({
      tenantId: row.tenant_id,
      memoryId: row.id,
      content: row.content,
      slot:
        row.slot !== null && row.entities_owed_slot_value !== null
          ? { name: row.slot, value: row.entities_owed_slot_value }
          : null,
      owedAt: new Date(row.entities_owed_at),
    }));
}

export function countOwedLinks(database: SqliteDatabase, tenantId: string | null): OwedCount {
  const row = database
    .stmt<{ items: number; oldest: number | null }>(
      `SELECT count(*) AS items, min(entities_owed_at) AS oldest FROM memories INDEXED BY memories_entities_owed
       WHERE entities_owed_at IS NOT NULL AND status = 'ACTIVE' AND (? IS NULL OR tenant_id = ?)`,
    )
    .get(tenantId, tenantId);

  return { items: row?.items ?? 0, oldest: row?.oldest == null ? null : new Date(row.oldest) };
}

/** Inside the linker's transaction: the memory owes nothing more. */
export function settleOwedLinks(database: SqliteDatabase, tenantId: string, memoryId: string): void {
  database
    .stmt(
      `UPDATE memories SET entities_owed_at = NULL, entities_owed_slot_value = NULL
       WHERE tenant_id = ? AND id = ? AND entities_owed_at IS NOT NULL`,
    )
    .run(tenantId, memoryId);
}
