import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { tenantSearchToken } from 'src/store/search-terms';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { PREVIOUS_VECTOR_TABLE } from 'src/store/sqlite/sqlite-schema';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { remember, SPACE } from 'test/contract/memory-fixtures';

describe('SQLite purge during an embedding-model migration', () => {
  let dir: string;
  let stores: Stores;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-purge-'));
    stores = openSqliteStores(join(dir, 'engram.sqlite'));
    await stores.connection.init(SPACE);
  });

  afterAll(async () => {
    await stores.connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("should remove the tenant's vectors kept aside for the previous model too", async () => {
    await remember(stores.memories, 'gone', 'The user keeps bees');
    await remember(stores.memories, 'gone', 'The user sails on Sundays');
    await remember(stores.memories, 'kept', 'The user keeps bees');
    const db = (stores.connection as unknown as SqliteDatabase).db;
    // what a migration does at boot: a copy of memory_vectors under the previous table's name
    db.exec(`CREATE VIRTUAL TABLE ${PREVIOUS_VECTOR_TABLE} USING vec0 (tenant TEXT PARTITION KEY, status TEXT, visibility TEXT, type TEXT,
      embedding FLOAT[${SPACE.dimensions}] distance_metric=cosine)`);
    db.exec(
      `INSERT INTO ${PREVIOUS_VECTOR_TABLE} SELECT rowid, tenant, status, visibility, type, embedding FROM memory_vectors`,
    );
    const count = (tenant: string): number =>
      db
        .prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM ${PREVIOUS_VECTOR_TABLE} WHERE tenant = ?`)
        .get(tenant)?.n ?? -1;
    expect([count('gone'), count('kept')]).toEqual([2, 1]);

    const purged = await stores.tenantData.purgeTenant('gone');

    expect(purged.memories).toBe(2);
    expect([count('gone'), count('kept')]).toEqual([0, 1]);
  });

  it("should remove stray full-text rows of the tenant (an older version's crash) and no other tenant's", async () => {
    await remember(stores.memories, 'kept-too', 'The user keeps goats');
    const db = (stores.connection as unknown as SqliteDatabase).db;
    const rows = (table: string, tenantId: string): number =>
      db
        .prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant = ?`)
        .get(tenantSearchToken(tenantId))?.n ?? -1;
    // rows no memory or message points at
    db.prepare('INSERT INTO memory_fts (rowid, content, context, tenant) VALUES (?, ?, ?, ?)').run(
      900_001,
      'stray memory text',
      '',
      tenantSearchToken('stray'),
    );
    db.prepare('INSERT INTO message_fts (rowid, content, speaker, prev, next, tenant) VALUES (?, ?, ?, ?, ?, ?)').run(
      900_002,
      'stray message text',
      '',
      '',
      '',
      tenantSearchToken('stray'),
    );
    expect([rows('memory_fts', 'stray'), rows('message_fts', 'stray')]).toEqual([1, 1]);

    const purged = await stores.tenantData.purgeTenant('stray');

    expect(purged.memoryTextRows).toBe(1);
    expect([rows('memory_fts', 'stray'), rows('message_fts', 'stray')]).toEqual([0, 0]);
    expect(rows('memory_fts', 'kept-too')).toBe(1);
  });
});
