import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { MEMORY_ROW_COLUMNS, memoryRowOf } from 'src/store/sqlite/sqlite-rows';
import { draft, SPACE } from 'test/contract/memory-fixtures';

describe('memoryRowOf', () => {
  let database: SqliteDatabase;

  beforeAll(async () => {
    database = new SqliteDatabase({ file: ':memory:' });
    await database.init(SPACE);
  });

  afterAll(async () => {
    await database.close();
  });

  it('reads a raw row of MEMORY_ROW_COLUMNS as the row object SELECT * gives, column for column', async () => {
    const store = new SqliteMemoryStore(database);
    const memory = draft('tenant-rows', 'every column different');
    await store.insertMemory({ memory, vector: null, links: [], supersede: [] });
    // distinct values in every column, so two columns read in each other's place cannot pass
    database.db
      .prepare(
        `UPDATE memories SET context = 'ctx', channel_id = 'ch', project_id = 'pr', slot = 'sl', importance = 0.11,
           base_importance = 0.22, centrality = 0.33, confidence = 0.44, tags = '["t"]', source_channel_id = 'sch',
           source_message_id = 'smsg', source_task_id = 'stask', source_skill_id = 'sskill', occurred_at = 1,
           decay_score = 0.55, fading = 1, expired_at = 2, created_at = 3, updated_at = 4, last_accessed_at = 5,
           last_seen_at = 6, access_count = 7, superseded_by = 'sup', embedding_model = 'emb'
         WHERE id = ?`,
      )
      .run(memory.id);
    const raw = database.db
      .prepare<[string], unknown[]>(`SELECT ${MEMORY_ROW_COLUMNS} FROM memories WHERE id = ?`)
      .raw()
      .get(memory.id);
    const object = database.db.prepare('SELECT * FROM memories WHERE id = ?').get(memory.id);

    expect(memoryRowOf(raw!)).toEqual(object);
  });
});
