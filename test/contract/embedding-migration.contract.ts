import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { APP_CONFIG, loadConfig } from 'src/config/config';
import { MessageSearchService } from 'src/conversation/message-search.service';
import type { MessageHitData, MessageSearchRequest } from 'src/conversation/message-search.service';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { MessageRecord } from 'src/domain/conversation.types';
import { EMBEDDER } from 'src/domain/embedding.port';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { Visibility } from 'src/domain/memory-store.port';
import { MemoryScope, MemoryStatus } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { messageEmbeddingText } from 'src/embedding/embedding-text';
import { HashEmbedder } from 'src/embedding/hash.embedder';
import { QueryVectors } from 'src/embedding/migration/query-vectors';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { MessageSearchScope } from 'src/store/conversation-store.port';
import { EMBEDDING_MIGRATION_STORE } from 'src/store/embedding-migration.port';
import type { ReembedKind } from 'src/store/embedding-migration.port';
import type { EmbeddingSpace } from 'src/store/store-connection';
import type { Stores } from 'src/store/stores';
import { command, draft, embed, SPACE } from 'test/contract/memory-fixtures';
import { purgeTenant } from 'test/contract/memory-store.contract';
import type { StoreHarness } from 'test/contract/store-harness';

const ACTIVE: Visibility = { statuses: [MemoryStatus.ACTIVE] };
/** The model the store migrates to: another dimension than the fixtures' SPACE. */
const NEXT = new HashEmbedder(48);
const NEXT_SPACE: EmbeddingSpace = { model: NEXT.model, dimensions: NEXT.dimensions };
const THIRD = new HashEmbedder(40);

async function vectorOf(embedder: HashEmbedder, text: string): Promise<Float32Array> {
  const [vector] = await embedder.embed([text]);
  if (!vector) {
    throw new Error('no vector');
  }

  return vector;
}

function ids(items: readonly { id: string }[] | null): string[] {
  if (items === null) {
    throw new Error('expected hits, got null (no migration)');
  }

  return items.map((item) => item.id).sort();
}

/** Runs one batch of `kind` the way the re-embedding job does; false when nothing was left. */
async function step(stores: Stores, embedder: HashEmbedder, kind: ReembedKind, limit: number): Promise<boolean> {
  const batch = await stores.embeddingMigration.pending(kind, limit);
  if (batch.cursor === null) {
    return false;
  }
  const texts = batch.items.map((item) =>
    kind === 'memory' ? item.content : messageEmbeddingText(item.speaker, item.content),
  );
  const vectors = await embedder.embed(texts);
  await stores.embeddingMigration.save(
    kind,
    batch.items.map((item, i) => ({ id: item.id, vector: vectors[i]! })),
    batch.cursor,
  );

  return true;
}

async function migrateAll(stores: Stores, embedder: HashEmbedder): Promise<void> {
  for (const kind of ['memory', 'message'] as const) {
    while (await step(stores, embedder, kind, 2)) {
      // every batch commits its vectors and cursor
    }
  }
}

/** `searchMessages` as the app wires it, over `stores`, with `embedder` as the configured model. */
async function messageSearch(
  stores: Stores,
  embedder: HashEmbedder,
): Promise<{
  search(tenantId: string, request: MessageSearchRequest): Promise<MessageHitData[]>;
  queryVectors: QueryVectors;
  close(): Promise<void>;
}> {
  const config = loadConfig({ EMBEDDINGS: 'hash', ENGRAM_DATA_DIR: tmpdir(), LOG_LEVEL: 'error' });

  @Module({
    providers: [
      { provide: APP_CONFIG, useValue: config },
      { provide: EMBEDDER, useValue: embedder },
      { provide: MEMORY_STORE, useValue: stores.memories },
      { provide: CONVERSATION_STORE, useValue: stores.conversations },
      { provide: EMBEDDING_MIGRATION_STORE, useValue: stores.embeddingMigration },
      QueryVectors,
      MessageSearchService,
    ],
  })
  class MessageSearchModule {}

  const context = await NestFactory.createApplicationContext(MessageSearchModule, { logger: false });
  const service = context.get(MessageSearchService);

  return {
    search: (tenantId, request) => service.search(tenantId, request),
    queryVectors: context.get(QueryVectors),
    close: () => context.close(),
  };
}

/**
 * The embedding-model migration of every adapter: vectors keyed by (row, model), the previous model's kept aside
 * until an atomic switch, resumable batches with a persisted cursor. Each scenario starts and ends in SPACE.
 */
export function describeEmbeddingMigrationContract(harnessFor: () => StoreHarness): void {
  const name = harnessFor().name;

  describe(`EmbeddingMigrationStore contract (${name})`, () => {
    let harness: StoreHarness;
    let opened: Stores[] = [];
    let tenants: string[] = [];

    async function open(space: EmbeddingSpace): Promise<Stores> {
      const stores = harness.open();
      opened.push(stores);
      await stores.connection.init(space);

      return stores;
    }

    function tenant(): string {
      const id = `contract-${randomUUID()}`;
      tenants.push(id);

      return id;
    }

    beforeEach(() => {
      harness = harnessFor();
    });

    afterEach(async () => {
      // back to SPACE for whatever runs next on a shared database
      const last = await open(SPACE);
      if ((await last.embeddingMigration.state()) !== null) {
        await migrateAll(last, new HashEmbedder(SPACE.dimensions));
        await last.embeddingMigration.finish();
      }
      for (const id of tenants) {
        await purgeTenant(last, id);
      }
      for (const stores of opened) {
        await stores.connection.close();
      }
      opened = [];
      tenants = [];
      harness.dispose();
    });

    async function seed(
      stores: Stores,
      t: string,
    ): Promise<{ tea: MemoryRecord; ships: MemoryRecord; thread: MemoryRecord }> {
      const insert = async (content: string, overrides = {}): Promise<MemoryRecord> => {
        const result = await stores.memories.insertMemory(await command(t, content, { overrides }));
        if (!result.created) {
          throw new Error('not created');
        }

        return result.memory;
      };
      const tea = await insert('The user drinks green tea every morning');
      const ships = await insert('The user builds model ships on weekends');
      const thread = await insert('In this chat the user wants short answers about tea', {
        scope: MemoryScope.THREAD,
        channelId: 'c1',
      });
      await stores.conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId: t,
          channelId: 'c1',
          role: MessageRole.USER,
          speaker: 'Ann',
          trust: Trust.GUARDIAN,
          content: 'I brewed a pot of green tea',
          tokenCount: 7,
          createdAt: new Date(),
          extractedAt: null,
        },
        vector: await embed('Ann: I brewed a pot of green tea'),
        projectId: null,
      });

      return { tea, ships, thread };
    }

    it('should report no migration while the configured model is the stored one', async () => {
      const stores = await open(SPACE);
      await seed(stores, tenant());

      await expect(stores.embeddingMigration.state()).resolves.toBeNull();
      await expect(stores.embeddingMigration.previousSpace()).resolves.toBeNull();
      await expect(stores.embeddingMigration.finish()).resolves.toBe(false);
      await expect(stores.embeddingMigration.pending('memory', 10)).resolves.toEqual({ items: [], cursor: null });
    });

    it('should begin a migration on init with another model, keep the previous vectors answering, and switch at the end', async () => {
      const t = tenant();
      const before = await open(SPACE);
      const { tea, ships, thread } = await seed(before, t);
      const other = tenant();
      await seed(before, other);

      const after = await open(NEXT_SPACE);
      const state = await after.embeddingMigration.state();
      expect(state).toMatchObject({ from: SPACE, to: NEXT_SPACE });
      expect(state?.progress.memory.done).toBe(0);
      expect(state?.progress.memory.total).toBeGreaterThanOrEqual(6);
      expect(state?.progress.message.done).toBe(0);
      await expect(after.embeddingMigration.previousSpace()).resolves.toEqual(SPACE);

      // the previous model's vectors answer a query embedded with that model, within the tenant and its visibility
      const previousHits = await after.embeddingMigration.searchPrevious(
        t,
        await embed('green tea every morning'),
        10,
        ACTIVE,
      );
      expect(ids(previousHits)).toEqual(ids([tea, ships]));
      expect(previousHits?.[0]?.id).toBe(tea.id);
      const inThread = await after.embeddingMigration.searchPrevious(t, await embed('green tea'), 10, {
        ...ACTIVE,
        channelId: 'c1',
      });
      expect(ids(inThread)).toEqual(ids([tea, ships, thread]));
      // the current vectors are the new model's: none yet
      await expect(after.memories.searchVectors(t, await vectorOf(NEXT, 'green tea'), 10, ACTIVE)).resolves.toEqual([]);

      // a memory written during the migration carries a vector of the configured model and is not embedded again
      const fresh = await after.memories.insertMemory({
        memory: draft(t, 'The user switched to oolong tea', { embeddingModel: NEXT_SPACE.model }),
        vector: await vectorOf(NEXT, 'The user switched to oolong tea'),
        links: [],
        supersede: [],
      });
      expect(fresh.created).toBe(true);

      await migrateAll(after, NEXT);
      const done = await after.embeddingMigration.state();
      expect(done?.progress.memory.done).toBe(done?.progress.memory.total);
      expect(done?.progress.message.done).toBe(done?.progress.message.total);
      const newHits = await after.memories.searchVectors(
        t,
        await vectorOf(NEXT, 'green tea every morning'),
        10,
        ACTIVE,
      );
      expect(newHits[0]?.id).toBe(tea.id);
      expect(ids(newHits)).toEqual(ids([tea, ships, fresh.memory]));
      const messages = await after.conversations.searchMessageVectors(
        t,
        await vectorOf(NEXT, 'Ann: I brewed a pot of green tea'),
        5,
        {},
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]!.score).toBeCloseTo(1, harness.vectorScoreDigits);

      await expect(after.embeddingMigration.finish()).resolves.toBe(true);
      await expect(after.embeddingMigration.state()).resolves.toBeNull();
      await expect(after.embeddingMigration.previousSpace()).resolves.toBeNull();
      await expect(
        after.embeddingMigration.searchPrevious(t, await embed('green tea'), 10, ACTIVE),
      ).resolves.toBeNull();
      await expect(after.embeddingMigration.finish()).resolves.toBe(false);

      // a restart with the new model finds nothing to migrate
      const again = await open(NEXT_SPACE);
      await expect(again.embeddingMigration.state()).resolves.toBeNull();
      expect(
        (await again.memories.searchVectors(t, await vectorOf(NEXT, 'green tea every morning'), 1, ACTIVE))[0]?.id,
      ).toBe(tea.id);
    });

    it('should not switch while rows are left, and resume after a restart where the cursor stopped', async () => {
      const t = tenant();
      await seed(await open(SPACE), t);
      await seed(opened[0]!, tenant());

      const first = await open(NEXT_SPACE);
      expect(await step(first, NEXT, 'memory', 2)).toBe(true);
      await expect(first.embeddingMigration.finish()).resolves.toBe(false);
      expect((await first.embeddingMigration.state())?.progress.memory.done).toBe(2);
      // the same batch saved twice (a retried job) writes its vectors once
      const batch = await first.embeddingMigration.pending('memory', 2);
      const vectors = await NEXT.embed(batch.items.map((item) => item.content));
      const rows = batch.items.map((item, i) => ({ id: item.id, vector: vectors[i]! }));
      await first.embeddingMigration.save('memory', rows, batch.cursor ?? '');
      await first.embeddingMigration.save('memory', rows, batch.cursor ?? '');
      expect((await first.embeddingMigration.state())?.progress.memory.done).toBe(4);

      // "crash": a new process opens the store with the same model and carries on from the persisted cursor
      const second = await open(NEXT_SPACE);
      const resumed = await second.embeddingMigration.state();
      expect(resumed?.progress.memory.done).toBe(4);
      await expect(second.embeddingMigration.pending('memory', 100)).resolves.toMatchObject({
        items: [expect.anything(), expect.anything()],
      });
      expect(resumed?.from).toEqual(SPACE);
      await migrateAll(second, NEXT);
      const finished = await second.embeddingMigration.state();
      expect(finished?.progress.memory).toEqual({
        done: finished?.progress.memory.total,
        total: finished?.progress.memory.total,
      });
      await expect(second.embeddingMigration.finish()).resolves.toBe(true);
    });

    it('should keep the first model aside when the model changes again before the migration finished', async () => {
      const t = tenant();
      const { tea } = await seed(await open(SPACE), t);
      const halfway = await open(NEXT_SPACE);
      expect(await step(halfway, NEXT, 'memory', 2)).toBe(true);

      const third = await open({ model: THIRD.model, dimensions: THIRD.dimensions });
      const state = await third.embeddingMigration.state();
      expect(state).toMatchObject({ from: SPACE, to: { model: THIRD.model, dimensions: THIRD.dimensions } });
      expect(state?.progress.memory.done).toBe(0);
      expect(
        (await third.embeddingMigration.searchPrevious(t, await embed('green tea every morning'), 1, ACTIVE))?.[0]?.id,
      ).toBe(tea.id);
      const [message] = await third.embeddingMigration
        .searchPreviousMessages(t, await embed('Ann: I brewed a pot of green tea'), 1, { channelId: 'c1' })
        .then((hits) => hits ?? []);
      expect(message?.score).toBeCloseTo(1, harness.vectorScoreDigits);
    });

    /** Messages in two channels of project p (c2 private) and one outside it, an hour apart, all of the fixtures' model. */
    async function seedMessages(stores: Stores, t: string): Promise<Record<string, MessageRecord>> {
      const start = Date.now() - 10 * 3_600_000;
      const rows = [
        ['own', 'c1', Trust.UNKNOWN, 'Bob', 'the green tea in the office kitchen ran out'],
        ['shared', 'c1', Trust.GUARDIAN, 'Ann', 'I brewed a pot of green tea this morning'],
        ['private', 'c2', Trust.GUARDIAN, 'Ann', 'green tea with jasmine for the guests'],
        ['sibling', 'c3', Trust.GUARDIAN, 'Ann', 'green tea tastes better cold in summer'],
        ['outside', 'c4', Trust.GUARDIAN, 'Ann', 'we ordered more green tea leaves'],
      ] as const;
      await stores.conversations.configureChannel(
        t,
        'c2',
        { private: true, projectId: 'p', tokenBudget: null },
        new Date(),
      );
      const out: Record<string, MessageRecord> = {};
      for (const [i, [key, channelId, trust, speaker, content]] of rows.entries()) {
        const appended = await stores.conversations.appendMessage({
          message: {
            id: randomUUID(),
            tenantId: t,
            channelId,
            role: MessageRole.USER,
            speaker,
            trust,
            content,
            tokenCount: 9,
            createdAt: new Date(start + i * 3_600_000),
            extractedAt: null,
          },
          vector: await embed(messageEmbeddingText(speaker, content)),
          projectId: channelId === 'c4' ? null : 'p',
        });
        out[key] = appended.message;
      }

      return out;
    }

    it("should keep the previous model's message vectors answering in every message scope until the switch", async () => {
      const t = tenant();
      const before = await open(SPACE);
      const m = await seedMessages(before, t);
      await seedMessages(before, tenant());

      const after = await open(NEXT_SPACE);
      const query = await embed('Ann: green tea');
      const search = (scope: MessageSearchScope): Promise<string[]> =>
        after.embeddingMigration.searchPreviousMessages(t, query, 10, scope).then(ids);
      const sorted = (...records: MessageRecord[]): string[] => ids(records);
      expect(await search({ channelId: 'c1' })).toEqual(sorted(m.own!, m.shared!));
      expect(await search({})).toEqual(sorted(m.shared!, m.sibling!, m.outside!));
      expect(await search({ excludeChannelId: 'c1' })).toEqual(sorted(m.sibling!, m.outside!));
      expect(await search({ channelId: 'c1', projectId: 'p' })).toEqual(sorted(m.own!, m.shared!, m.sibling!));
      expect(await search({ channelId: 'c2' })).toEqual(sorted(m.private!));
      expect(await search({ after: m.shared!.createdAt, before: m.outside!.createdAt })).toEqual(sorted(m.sibling!));
      const best = await after.embeddingMigration.searchPreviousMessages(
        t,
        await embed(messageEmbeddingText('Ann', m.shared!.content)),
        1,
        { channelId: 'c1' },
      );
      expect(best?.[0]?.id).toBe(m.shared!.id);
      expect(best?.[0]?.score).toBeCloseTo(1, harness.vectorScoreDigits);

      // a channel made private stops sharing its set-aside vectors too; a deleted channel's are gone
      await after.conversations.configureChannel(
        t,
        'c3',
        { private: true, projectId: 'p', tokenBudget: null },
        new Date(),
      );
      expect(await search({})).toEqual(sorted(m.shared!, m.outside!));
      await after.conversations.deleteChannel(t, 'c4');
      expect(await search({})).toEqual(sorted(m.shared!));

      await migrateAll(after, NEXT);
      await expect(after.embeddingMigration.finish()).resolves.toBe(true);
      await expect(after.embeddingMigration.searchPreviousMessages(t, query, 10, {})).resolves.toBeNull();
    });

    it('should let searchMessages find during a migration what it found before it, and the same messages after the switch', async () => {
      const t = tenant();
      const before = await open(SPACE);
      await seedMessages(before, t);
      const requests: MessageSearchRequest[] = [
        { query: 'Ann green tea', channelId: 'c1' },
        { query: 'green tea' },
        { query: 'tea this morning', channelId: 'c2' },
      ];
      const run = async (stores: Stores, embedder: HashEmbedder): Promise<MessageHitData[][]> => {
        const service = await messageSearch(stores, embedder);
        try {
          return await Promise.all(requests.map((request) => service.search(t, request)));
        } finally {
          await service.close();
        }
      };
      const shape = (results: MessageHitData[][]): { id: string; vector: boolean }[][] =>
        results.map((hits) => hits.map((hit) => ({ id: hit.message.id, vector: hit.explanation.vector !== null })));
      const expected = await run(before, new HashEmbedder(SPACE.dimensions));
      expect(expected.every((hits) => hits.some((hit) => hit.explanation.vector !== null))).toBe(true);

      const after = await open(NEXT_SPACE);
      // nothing re-embedded yet, then a batch of the messages: the search is the one before the migration
      for (let batch = 0; batch < 2; batch++) {
        const during = await run(after, NEXT);
        expect(shape(during)).toEqual(shape(expected));
        during.forEach((hits, i) =>
          hits.forEach((hit, j) => expect(hit.score).toBeCloseTo(expected[i]![j]!.score, harness.vectorScoreDigits)),
        );
        await step(after, NEXT, 'message', 2);
      }

      // a query embedded with the previous model just before the switch is searched among the new vectors after it
      const lingering = await messageSearch(after, NEXT);
      const stale = await lingering.queryVectors.embed('Ann: green tea');
      expect(stale).toMatchObject({ model: SPACE.model, previous: true });
      await migrateAll(after, NEXT);
      await expect(after.embeddingMigration.finish()).resolves.toBe(true);
      const fresh = await after.conversations.searchMessageVectors(t, await vectorOf(NEXT, 'Ann: green tea'), 10, {});
      expect(fresh.length).toBeGreaterThan(0);
      expect(ids(await lingering.queryVectors.searchMessages(t, stale!, 10, {}))).toEqual(ids(fresh));
      await lingering.close();
      const switched = await run(after, NEXT);
      expect(switched.map((hits) => hits.map((hit) => hit.message.id).sort())).toEqual(
        expected.map((hits) => hits.map((hit) => hit.message.id).sort()),
      );
      expect(switched.every((hits) => hits.some((hit) => hit.explanation.vector !== null))).toBe(true);
    });
  });
}
