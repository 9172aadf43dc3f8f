import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { MIGRATIONS } from 'src/store/sqlite/sqlite-schema';

describe('SQLite migrations', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-migrations-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('should run every named migration once on a new file, and none on the next open', async () => {
    const file = join(dir, 'engram.sqlite');
    await new SqliteDatabase({ file }).close();
    const again = new SqliteDatabase({ file });
    const names = again.db.prepare<[], { name: string }>('SELECT name FROM schema_migrations ORDER BY rowid').all();
    await again.close();

    expect(names.map((n) => n.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('should carry a database made before named migrations (user_version 1) forward without re-running the first', async () => {
    const file = join(dir, 'legacy.sqlite');
    const legacy = new BetterSqlite3(file);
    legacy.exec(MIGRATIONS[0]!.sql);
    legacy
      .prepare(
        `INSERT INTO memories (id, tenant_id, type, content, status, scope, importance, base_importance, confidence,
        fingerprint, source_role, created_at, updated_at, last_seen_at) VALUES
        ('m1', 't', 'FACT', 'old fact', 'ACTIVE', 'GLOBAL', 0.5, 0.5, 0.7, 'f', 'USER', 1000, 1000, 1000)`,
      )
      .run();
    legacy.pragma('user_version = 1');
    legacy.close();

    const database = new SqliteDatabase({ file });
    const row = database.db
      .prepare<[], { occurred_at: number }>("SELECT occurred_at FROM memories WHERE id = 'm1'")
      .get();
    const version = database.db.pragma('user_version', { simple: true });
    await database.close();

    expect(row?.occurred_at).toBe(1000);
    expect(version).toBe(0);
  });
});
