import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { MemoryStatus } from 'src/domain/memory.enums';
import { SqliteConversationStore } from 'src/store/sqlite/sqlite-conversation.store';
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

/**
 * Message full text in a fresh database where one tenant holds most messages: the same rule as memories (its searches
 * leave the tenant token out), and a search across channels with no other public channel answers at once. Neither
 * tenant ever sees the other's messages.
 */
describe('SqliteConversationStore full text with and without the tenant token', () => {
  let dir: string;
  let database: SqliteDatabase;
  let store: SqliteConversationStore;
  const ids = new Map<string, string>();
  let clock = 0;

  async function say(tenantId: string, channelId: string, content: string): Promise<void> {
    const appended = await store.appendMessage({
      message: {
        id: randomUUID(),
        tenantId,
        channelId,
        role: MessageRole.USER,
        speaker: null,
        trust: Trust.GUARDIAN,
        content,
        tokenCount: 4,
        createdAt: new Date(Date.UTC(2024, 0, 1) + ++clock * 1000),
        extractedAt: null,
      },
      vector: Float32Array.from({ length: SPACE.dimensions }, (_, i) => Math.sin(i + content.length)),
      projectId: null,
    });
    ids.set(`${tenantId}:${content}`, appended.message.id);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-message-text-'));
    database = new SqliteDatabase({ file: join(dir, 'engram.sqlite') });
    await database.init(SPACE);
    store = new SqliteConversationStore(database);
    for (const content of ['a walrus on the ice', 'the walrus has one tusk', 'penguin facts', 'seal facts']) {
      await say(BIG, 'big-only', content);
    }
    await say(BIG, 'big-other', 'gull facts');
    await say(SMALL, 'small-a', 'walrus walrus tusk tusk');
    await say(SMALL, 'small-b', 'walrus tusk walrus');
  });

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ranks the dominant tenant's own messages only, best first, though the other tenant's match better", async () => {
    const hits = await store.searchMessageText(BIG, 'walrus tusk', 10, { channelId: 'big-only' });

    // the third is 'penguin facts', found through its neighbour's words
    expect(hits.map((hit) => hit.id).slice(0, 2)).toEqual([
      ids.get(`${BIG}:the walrus has one tusk`),
      ids.get(`${BIG}:a walrus on the ice`),
    ]);
    expect(hits.map((hit) => hit.id)).not.toContain(ids.get(`${SMALL}:walrus walrus tusk tusk`));
    await expect(store.searchMessageText(BIG, 'walrus tusk', 10, { excludeChannelId: 'big-other' })).resolves.toEqual(
      hits,
    );
  });

  it("finds the small tenant's own messages only, across its channels", async () => {
    const hits = await store.searchMessageText(SMALL, 'walrus tusk ice', 10, { excludeChannelId: 'small-a' });

    expect(hits.map((hit) => hit.id)).toEqual([ids.get(`${SMALL}:walrus tusk walrus`)]);
  });

  it('finds nothing across channels when the only other channel is private, and its messages once it is public', async () => {
    await store.configureChannel(BIG, 'big-only', { private: true, projectId: null, tokenBudget: null }, new Date());
    const vector = Float32Array.from({ length: SPACE.dimensions }, (_, i) => Math.sin(i + 'seal facts'.length));

    await expect(store.searchMessageText(BIG, 'seal', 10, { excludeChannelId: 'big-other' })).resolves.toEqual([]);
    await expect(store.searchMessageVectors(BIG, vector, 10, { excludeChannelId: 'big-other' })).resolves.toEqual([]);

    await store.configureChannel(BIG, 'big-only', { private: false, projectId: null, tokenBudget: null }, new Date());

    expect(
      (await store.searchMessageText(BIG, 'seal', 10, { excludeChannelId: 'big-other' })).map((hit) => hit.id)[0],
    ).toEqual(ids.get(`${BIG}:seal facts`));
    expect(
      (await store.searchMessageVectors(BIG, vector, 10, { excludeChannelId: 'big-other' })).map((hit) => hit.id),
    ).toContain(ids.get(`${BIG}:seal facts`));
  });
});

/**
 * A word matching more than wordRowLimit rows is left out of a query with a rarer word; the store keeps each word's
 * count between searches and must decide again once writes (its own, or another connection's) may have moved it.
 */
describe('SqliteMemoryStore full text: common words as the rows change', () => {
  const TENANT = 'tenant-common-words';
  // 2,100 rows searched: a word may match 2,000 (wordRowLimit)
  const LIMIT = 2_000;
  let dir: string;
  const databases: SqliteDatabase[] = [];
  let store: SqliteMemoryStore;
  let other: SqliteMemoryStore;

  async function open(file: string): Promise<SqliteMemoryStore> {
    const database = new SqliteDatabase({ file });
    await database.init(SPACE);
    databases.push(database);

    return new SqliteMemoryStore(database);
  }

  async function insert(target: SqliteMemoryStore, contents: string[]): Promise<string[]> {
    const result = await target.insertMemories({
      items: contents.map((content, i) => ({
        memory: draft(TENANT, content),
        vector: Float32Array.from({ length: SPACE.dimensions }, (_, j) => Math.sin(i + j)),
        links: [],
        supersede: [],
      })),
    });

    return result.map((r) => r.memory.id);
  }

  /** Whether the word "heron" is still searched: a heron-only memory is found for "heron zebra". */
  async function heronSearched(): Promise<boolean> {
    const hits = await store.searchText(TENANT, 'heron zebra', 100, ACTIVE);

    return hits.length > 1;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-common-words-'));
    const file = join(dir, 'engram.sqlite');
    store = await open(file);
    other = await open(file);
    await insert(store, [
      ...Array.from({ length: LIMIT - 1 }, (_, i) => `a heron by the lake ${i}`),
      ...Array.from({ length: 100 }, (_, i) => `a quiet pond ${i}`),
      'one zebra',
    ]);
  });

  afterAll(async () => {
    for (const database of databases) {
      await database.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("leaves a word out once this store's writes carry it over the limit, and takes it back once they bring it under", async () => {
    expect(await heronSearched()).toBe(true);
    expect(await heronSearched()).toBe(true);
    const added = await insert(store, ['another heron', 'a third heron']);
    expect(await heronSearched()).toBe(false);
    expect(await heronSearched()).toBe(false);
    await store.deleteMemory(TENANT, added[0]!);
    await store.deleteMemory(TENANT, added[1]!);
    expect(await heronSearched()).toBe(true);
  });

  it("sees another connection's writes carry a word over the limit", async () => {
    expect(await heronSearched()).toBe(true);
    await insert(other, ['a heron elsewhere', 'one more heron']);
    expect(await heronSearched()).toBe(false);
  });
});

/**
 * Message full text leaves out a word of a third of the messages searched (in a long channel: the user's name as
 * speaker) when the query has a rarer word, as memory search does; a query of that word alone still searches it.
 */
describe('SqliteConversationStore full text: common words', () => {
  const TENANT = 'tenant-long-channel';
  let dir: string;
  let database: SqliteDatabase;
  let store: SqliteConversationStore;
  let clock = 0;

  async function say(speaker: string, content: string): Promise<void> {
    await store.appendMessage({
      message: {
        id: randomUUID(),
        tenantId: TENANT,
        channelId: 'long',
        role: MessageRole.USER,
        speaker,
        trust: Trust.GUARDIAN,
        content,
        tokenCount: 4,
        createdAt: new Date(Date.UTC(2024, 0, 1) + ++clock * 1000),
        extractedAt: null,
      },
      vector: null,
      projectId: null,
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-message-common-'));
    database = new SqliteDatabase({ file: join(dir, 'engram.sqlite') });
    await database.init(SPACE);
    store = new SqliteConversationStore(database);
    // 2,100 messages searched: a word may match 2,000 (wordRowLimit); "heron", the speaker, is in every one of them
    for (let i = 0; i < 2_100; i++) {
      await say('Heron', i === 1_000 ? 'one zebra at the pond' : `a quiet day ${i} at the lake`);
    }
  });

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('searches the rarer word alone when the common one is in more messages than the limit', async () => {
    // without the common word only the zebra message and the two whose neighbour text names it match
    await expect(store.searchMessageText(TENANT, 'heron zebra', 100, { channelId: 'long' })).resolves.toHaveLength(3);
  });

  it('still searches a common word that is all the query has', async () => {
    await expect(store.searchMessageText(TENANT, 'heron', 100, { channelId: 'long' })).resolves.toHaveLength(100);
  });
});

/**
 * The same searches on the read thread (textThreadMinRows 0): the same hits with the same scores as on the main
 * connection.
 */
describe('SqliteMemoryStore full text on the read thread', () => {
  let dir: string;
  let database: SqliteDatabase;
  let here: SqliteMemoryStore;
  let threaded: SqliteMemoryStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-full-text-thread-'));
    database = new SqliteDatabase({ file: join(dir, 'engram.sqlite') });
    await database.init(SPACE);
    here = new SqliteMemoryStore(database, { textThreadMinRows: Infinity });
    threaded = new SqliteMemoryStore(database, { textThreadMinRows: 0 });
    for (const content of ['a walrus on the ice', 'the walrus has one tusk', 'penguin facts', 'tusk of a narwhal']) {
      await here.insertMemory({
        memory: draft(BIG, content),
        vector: Float32Array.from({ length: SPACE.dimensions }, (_, i) => Math.cos(i + content.length)),
        links: [],
        supersede: [],
      });
    }
  });

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds what the main connection finds, scored the same', async () => {
    const expected = await here.searchText(BIG, 'walrus tusk', 10, ACTIVE);

    expect(expected).toHaveLength(3);
    await expect(threaded.searchText(BIG, 'walrus tusk', 10, ACTIVE)).resolves.toEqual(expected);
  });
});
