import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteEntityStore } from 'src/store/sqlite/sqlite-entity.store';
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

  it('should give memories retired before validity in time the occurredAt of their successor, never before their own', async () => {
    const file = join(dir, 'before-validity.sqlite');
    const old = new BetterSqlite3(file);
    const before = MIGRATIONS.findIndex((m) => m.name === '018-memory-valid-until');
    old.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
    for (const migration of MIGRATIONS.slice(0, before)) {
      old.exec(migration.sql);
      old.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, 0)').run(migration.name);
    }
    const insert = old.prepare(
      `INSERT INTO memories (id, tenant_id, type, content, status, scope, importance, base_importance, confidence,
        fingerprint, source_role, created_at, updated_at, last_seen_at, occurred_at, superseded_by)
        VALUES (?, 't', 'FACT', ?, ?, 'GLOBAL', 0.5, 0.5, 0.7, ?, 'USER', ?, ?, ?, ?, ?)`,
    );
    insert.run('bristol', 'lives in Bristol', 'SUPERSEDED', 'f1', 1000, 5000, 1000, 1000, 'bath');
    insert.run('bath', 'lives in Bath', 'ACTIVE', 'f2', 3000, 3000, 3000, 3000, null);
    insert.run('york', 'lives in York', 'SUPERSEDED', 'f3', 4000, 4000, 4000, 4000, 'bath');
    insert.run('gone', 'works at Hooli', 'SUPERSEDED', 'f4', 1000, 7000, 1000, 1000, 'deleted');
    insert.run('forgotten', 'likes tea', 'FORGOTTEN', 'f5', 1000, 8000, 1000, 1000, null);
    old.close();

    const database = new SqliteDatabase({ file });
    const rows = database.db
      .prepare<[], { id: string; valid_until: number | null }>('SELECT id, valid_until FROM memories ORDER BY id')
      .all();
    await database.close();

    expect(Object.fromEntries(rows.map((r) => [r.id, r.valid_until]))).toEqual({
      bath: null,
      bristol: 3000, // the successor's occurredAt
      forgotten: null,
      gone: 7000, // successor deleted: when it was retired
      york: 4000, // the successor happened earlier: an empty interval, not a negative one
    });
  });

  it('should owe no entity links for the memories of a database made before they were kept in the store', async () => {
    const file = join(dir, 'before-owed-links.sqlite');
    const old = new BetterSqlite3(file);
    const before = MIGRATIONS.findIndex((m) => m.name === '020-memory-entities-owed');
    old.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
    for (const migration of MIGRATIONS.slice(0, before)) {
      old.exec(migration.sql);
      old.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, 0)').run(migration.name);
    }
    old
      .prepare(
        `INSERT INTO memories (id, tenant_id, type, content, status, scope, importance, base_importance, confidence,
        fingerprint, source_role, created_at, updated_at, last_seen_at, occurred_at)
        VALUES ('ana', 't', 'FACT', 'Ana moved to Lisbon', 'ACTIVE', 'GLOBAL', 0.5, 0.5, 0.7, 'f', 'USER', 1, 1, 1, 1)`,
      )
      .run();
    old.close();

    const database = new SqliteDatabase({ file });
    const entities = new SqliteEntityStore(database);
    const owed = await entities.countOwedLinks(null);
    const listed = await entities.listOwedLinks(new Date(), null, 10);
    await database.close();

    expect(owed).toEqual({ items: 0, oldest: null });
    expect(listed).toEqual([]);
  });
});
