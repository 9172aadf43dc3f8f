import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MemoryStatus } from 'src/domain/memory.enums';
import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { draft, SPACE } from 'test/contract/memory-fixtures';

const BIG = 'tenant-most-of-the-index';
const SMALL = 'tenant-a-few-rows';
const ACTIVE = { statuses: [MemoryStatus.ACTIVE] };

/**
 * Full text in a fresh database where one tenant holds most memories: its searches leave the tenant token out of
 * MATCH (tenantTokenPays), the smaller tenant's keep it, and neither ever sees the other's rows.
 */
describe('SqliteMemoryStore full text with and without the tenant token', () => {
  let dir: string;
  let database: SqliteDatabase;
  let store: SqliteMemoryStore;
  const ids = new Map<string, string>();

  async function insert(tenantId: string, content: string): Promise<void> {
    const result = await store.insertMemory({
      memory: draft(tenantId, content),
      vector: Float32Array.from({ length: SPACE.dimensions }, (_, i) => Math.sin(i + content.length)),
      links: [],
      supersede: [],
    });
    ids.set(content, result.memory.id);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-full-text-'));
    database = new SqliteDatabase({ file: join(dir, 'engram.sqlite') });
    await database.init(SPACE);
    store = new SqliteMemoryStore(database);
    for (const content of [
      'a walrus on the ice',
      'the walrus has one tusk',
      'penguin facts',
      'seal facts',
      'gull facts',
      'tern facts',
    ]) {
      await insert(BIG, content);
    }
    for (const content of ['walrus walrus tusk tusk', 'walrus tusk walrus']) {
      await insert(SMALL, content);
    }
  });

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ranks the dominant tenant's own matches only, best first, though the other tenant's match better", async () => {
    const hits = await store.searchText(BIG, 'walrus tusk', 10, ACTIVE);

    expect(hits.map((hit) => hit.id)).toEqual([ids.get('the walrus has one tusk'), ids.get('a walrus on the ice')]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it("finds the small tenant's own matches only", async () => {
    const hits = await store.searchText(SMALL, 'walrus tusk ice', 10, ACTIVE);

    expect(new Set(hits.map((hit) => hit.id))).toEqual(
      new Set([ids.get('walrus walrus tusk tusk'), ids.get('walrus tusk walrus')]),
    );
  });
});
