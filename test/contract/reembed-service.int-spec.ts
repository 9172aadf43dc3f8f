import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { Embedder } from 'src/domain/embedding.port';
import { EmbeddingUnavailableError } from 'src/domain/embedding.port';
import { MemoryStatus } from 'src/domain/memory.enums';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { LocalEmbedder } from 'src/embedding/local.embedder';
import { previousEmbedder } from 'src/embedding/migration/previous-embedder';
import { ReembedService } from 'src/embedding/migration/reembed.service';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { PREVIOUS_MESSAGE_VECTOR_TABLE, PREVIOUS_VECTOR_TABLE } from 'src/store/sqlite/sqlite-schema';
import { openSqliteStores } from 'src/store/stores';
import type { Stores } from 'src/store/stores';
import { remember, SPACE } from 'test/contract/memory-fixtures';

/** The new model; fails every call after `failAfter` calls, and counts the texts it embedded. */
class FlakyEmbedder implements Embedder {
  readonly model = 'flaky-48';
  readonly dimensions = 48;
  readonly texts: string[] = [];
  private calls = 0;
  private readonly inner = new HashEmbedder(48);

  constructor(private failAfter = Infinity) {}

  heal(): void {
    this.failAfter = Infinity;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (++this.calls > this.failAfter) {
      throw new EmbeddingUnavailableError('embedding server down');
    }
    this.texts.push(...texts);

    return this.inner.embed(texts);
  }
}

describe(ReembedService.name, () => {
  let dir: string;
  let opened: Stores[];

  async function open(space: { model: string; dimensions: number }): Promise<Stores> {
    const stores = openSqliteStores(join(dir, 'engram.sqlite'));
    opened.push(stores);
    await stores.connection.init(space);

    return stores;
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-reembed-'));
    opened = [];
  });

  afterEach(async () => {
    for (const stores of opened) {
      await stores.connection.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('should resume after a failed run where it stopped, embedding every memory exactly once, then switch', async () => {
    const before = await open(SPACE);
    for (let i = 0; i < 23; i++) {
      await remember(before.memories, 't1', `Memory number ${i} about the garden`);
    }
    const embedder = new FlakyEmbedder(2);
    const stores = await open({ model: embedder.model, dimensions: embedder.dimensions });
    const sut = new ReembedService(stores.embeddingMigration, embedder, { reembedBatch: 5 });

    await expect(sut.run()).rejects.toThrow(EmbeddingUnavailableError);
    expect((await sut.status())?.memories).toEqual({ done: 10, total: 23 });

    embedder.heal();
    // a new process (the job retried elsewhere) picks up the persisted cursor
    const again = new ReembedService(
      (await open({ model: embedder.model, dimensions: embedder.dimensions })).embeddingMigration,
      embedder,
      {
        reembedBatch: 5,
      },
    );
    await expect(again.run()).resolves.toMatchObject({ outcome: 'switched', embedded: { memory: 13, message: 0 } });
    expect(embedder.texts).toHaveLength(23);
    expect(new Set(embedder.texts).size).toBe(23);
    await expect(again.status()).resolves.toBeNull();
    await expect(again.run()).resolves.toMatchObject({ outcome: 'idle' });
  });

  it('should leave no previous-model vector of a memory deleted during the migration', async () => {
    const before = await open(SPACE);
    const kept = await remember(before.memories, 't1', 'The user keeps bees');
    const deleted = await remember(before.memories, 't1', 'The user once kept chickens');
    const stores = await open({ model: 'flaky-48', dimensions: 48 });
    const database = stores.connection as SqliteDatabase;
    const previousRows = (): number[] =>
      database.db
        .prepare<[], { rowid: number }>(`SELECT rowid FROM ${PREVIOUS_VECTOR_TABLE}`)
        .all()
        .map((r) => r.rowid);
    expect(previousRows()).toHaveLength(2);

    await expect(stores.memories.deleteMemory('t1', deleted.id)).resolves.toBe(true);
    expect(previousRows()).toHaveLength(1);
    const hits = await stores.embeddingMigration.searchPrevious(
      't1',
      (await new HashEmbedder(SPACE.dimensions).embed(['bees']))[0]!,
      5,
      {
        statuses: [MemoryStatus.ACTIVE],
      },
    );
    expect(hits?.map((h) => h.id)).toEqual([kept.id]);
  });

  it('should leave no previous-model vector of messages purged during the migration', async () => {
    const hash = new HashEmbedder(SPACE.dimensions);
    const before = await open(SPACE);
    const say = async (tenantId: string, channelId: string, content: string): Promise<string> => {
      const { message } = await before.conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId,
          channelId,
          role: MessageRole.USER,
          speaker: 'Ann',
          trust: Trust.GUARDIAN,
          content,
          tokenCount: 5,
          createdAt: new Date(),
          extractedAt: null,
        },
        vector: (await hash.embed([`Ann: ${content}`]))[0]!,
        projectId: null,
      });

      return message.id;
    };
    const kept = await say('t1', 'c1', 'the bees are swarming');
    await say('t1', 'c2', 'the bees left the hive');
    await say('t2', 'c1', 'bees everywhere');
    const stores = await open({ model: 'flaky-48', dimensions: 48 });
    const database = stores.connection as SqliteDatabase;
    const previousRows = (): number =>
      database.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${PREVIOUS_MESSAGE_VECTOR_TABLE}`).get()?.n ??
      0;
    expect(previousRows()).toBe(3);

    await stores.tenantData.purgeTenant('t2');
    await stores.tenantData.purgeChannel('t1', 'c2', false);
    expect(previousRows()).toBe(1);
    const query = (await hash.embed(['Ann: bees']))[0]!;
    const hits = await stores.embeddingMigration.searchPreviousMessages('t1', query, 5, {});
    expect(hits?.map((h) => h.id)).toEqual([kept]);

    // a migration begun before message vectors were kept aside has none: message search uses the current vectors
    database.db.exec(`DROP TABLE ${PREVIOUS_MESSAGE_VECTOR_TABLE}`);
    await expect(stores.embeddingMigration.searchPreviousMessages('t1', query, 5, {})).resolves.toBeNull();
  });

  it('should share one running migration between concurrent callers', async () => {
    const before = await open(SPACE);
    await remember(before.memories, 't1', 'The only memory');
    const embedder = new FlakyEmbedder();
    const stores = await open({ model: embedder.model, dimensions: embedder.dimensions });
    const sut = new ReembedService(stores.embeddingMigration, embedder, { reembedBatch: 5 });

    const [a, b] = await Promise.all([sut.run(), sut.run()]);
    expect(a).toBe(b);
    expect(embedder.texts).toEqual(['The only memory']);
  });
});

describe(previousEmbedder.name, () => {
  it('should run the offline models again (hash, the bundled USE model) and never a model behind an API', async () => {
    expect(previousEmbedder({ model: 'hash-v1-64', dimensions: 64 })).toEqual(new HashEmbedder(64));
    expect(previousEmbedder({ model: 'hash-v1-64', dimensions: 32 })).toBeNull();
    const local = previousEmbedder({ model: 'use-lite-v1-512', dimensions: 512 });
    expect(local).toBeInstanceOf(LocalEmbedder);
    await local?.close?.();
    expect(previousEmbedder({ model: 'text-embedding-3-small', dimensions: 1536 })).toBeNull();
    expect(previousEmbedder({ model: 'nomic-embed-text', dimensions: 768 })).toBeNull();
  });
});
