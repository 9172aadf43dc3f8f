import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
});
