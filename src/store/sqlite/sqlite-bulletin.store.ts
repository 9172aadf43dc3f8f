import type { BulletinCandidate } from 'src/domain/bulletin-candidate';
import { MemoryType } from 'src/domain/memory.enums';
import { BULLETINS_KEPT } from 'src/store/bulletin-store.port';
import type { BulletinRecord, BulletinStore, LatestBulletinRow } from 'src/store/bulletin-store.port';
import { column } from 'src/store/sqlite/sqlite-columns';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import type { BulletinRow, MemoryRow } from 'src/store/sqlite/sqlite-rows';
import { rowToBulletin, rowToMemory } from 'src/store/sqlite/sqlite-rows';

/** What the bulletin may state (see BulletinStore.bulletinCandidates): fixed SQL, the type is a bound value. */
const CANDIDATES_BY_IMPORTANCE = `SELECT * FROM memories
  WHERE tenant_id = ? AND type = ? AND status = 'ACTIVE' AND scope = 'GLOBAL' AND source_role <> 'TASK' AND expired_at IS NULL
  ORDER BY importance DESC, occurred_at DESC LIMIT ?`;
const EVENTS_BY_RECENCY = `SELECT * FROM memories
  WHERE tenant_id = ? AND type = 'EVENT' AND status = 'ACTIVE' AND scope = 'GLOBAL' AND source_role <> 'TASK' AND expired_at IS NULL
  ORDER BY occurred_at DESC LIMIT ?`;

export class SqliteBulletinStore implements BulletinStore {
  constructor(private readonly database: SqliteDatabase) {}

  saveBulletin(bulletin: BulletinRecord): Promise<{ bulletin: BulletinRecord; created: boolean }> {
    const result = this.database.transaction(() => {
      const inserted = this.database
        .stmt(
          `INSERT INTO bulletins (id, tenant_id, content, generated_at, marker, digest, source) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO NOTHING`,
        )
        .run(
          bulletin.id,
          bulletin.tenantId,
          bulletin.content,
          bulletin.generatedAt.getTime(),
          bulletin.marker,
          bulletin.digest,
          bulletin.source,
        );
      if (inserted.changes === 0) {
        return { bulletin: this.getSync(bulletin.tenantId, bulletin.id), created: false };
      }
      const cite = this.database.stmt(
        `INSERT INTO bulletin_citations (bulletin_id, position, memory_id)
         SELECT ?, ?, id FROM memories WHERE tenant_id = ? AND id = ? AND status = 'ACTIVE'`,
      );
      bulletin.memoryIds.forEach((memoryId, position) => cite.run(bulletin.id, position, bulletin.tenantId, memoryId));
      this.database
        .stmt(
          `DELETE FROM bulletins WHERE tenant_id = ? AND rowid NOT IN
             (SELECT rowid FROM bulletins WHERE tenant_id = ? ORDER BY rowid DESC LIMIT ?)`,
        )
        .run(bulletin.tenantId, bulletin.tenantId, BULLETINS_KEPT);

      return { bulletin: this.getSync(bulletin.tenantId, bulletin.id), created: true };
    });
    const { bulletin: saved, created } = result;
    if (!saved) {
      throw new Error(`bulletin ${bulletin.id} vanished inside its transaction`);
    }

    return Promise.resolve({ bulletin: saved, created });
  }

  latestBulletin(tenantId: string): Promise<BulletinRecord | null> {
    const row = this.database
      .stmt<BulletinRow>('SELECT * FROM bulletins WHERE tenant_id = ? ORDER BY rowid DESC LIMIT 1')
      .get(tenantId);

    return Promise.resolve(row ? this.toRecord(row) : null);
  }

  getBulletin(tenantId: string, id: string): Promise<BulletinRecord | null> {
    return Promise.resolve(this.getSync(tenantId, id));
  }

  private getSync(tenantId: string, id: string): BulletinRecord | null {
    const row = this.database
      .stmt<BulletinRow>('SELECT * FROM bulletins WHERE tenant_id = ? AND id = ?')
      .get(tenantId, id);

    return row ? this.toRecord(row) : null;
  }

  private toRecord(row: BulletinRow): BulletinRecord {
    const cited = this.database
      .stmt<{ memory_id: string }>('SELECT memory_id FROM bulletin_citations WHERE bulletin_id = ? ORDER BY position')
      .all(row.id);

    return rowToBulletin(
      row,
      cited.map((c) => c.memory_id),
    );
  }

  confirmBulletin(tenantId: string, id: string, marker: string): Promise<void> {
    this.database.stmt('UPDATE bulletins SET marker = ? WHERE tenant_id = ? AND id = ?').run(marker, tenantId, id);

    return Promise.resolve();
  }

  bulletinCandidates(tenantId: string, perType: number): Promise<BulletinCandidate[]> {
    const byImportance = this.database.stmt<MemoryRow>(CANDIDATES_BY_IMPORTANCE);
    const rows = Object.values(MemoryType)
      .filter((type) => type !== MemoryType.OBSERVATION)
      .flatMap((type) => byImportance.all(tenantId, type, perType));
    const seen = new Set(rows.map((row) => row.id));
    rows.push(
      ...this.database
        .stmt<MemoryRow>(EVENTS_BY_RECENCY)
        .all(tenantId, perType)
        .filter((row) => !seen.has(row.id)),
    );

    return Promise.resolve(rows.map(rowToMemory));
  }

  latestBulletinStates(): Promise<Map<string, LatestBulletinRow>> {
    const rows = this.database
      .stmt<{ tenant_id: string; id: string; marker: string; generated_at: number; source: string; empty: number }>(
        `SELECT tenant_id, id, marker, generated_at, source, length(content) = 0 AS empty FROM bulletins
         WHERE rowid IN (SELECT MAX(rowid) FROM bulletins GROUP BY tenant_id)`,
      )
      .all();

    return Promise.resolve(
      new Map(
        rows.map((row) => [
          row.tenant_id,
          {
            id: row.id,
            marker: row.marker,
            generatedAt: new Date(row.generated_at),
            source: column.bulletinSource(row.source),
            empty: row.empty === 1,
          },
        ]),
      ),
    );
  }
}
