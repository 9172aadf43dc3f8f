import { randomUUID } from 'node:crypto';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { MemoryStatus, RelationType, SourceRole } from 'src/domain/memory.enums';
import type { Stores } from 'src/store/stores';
import type { ExportedMemory, ImportedEdges, TenantDataStore } from 'src/store/tenant-data.port';
import { at, embed, remember, SPACE } from 'test/contract/memory-fixtures';
import type { StoreHarness } from 'test/contract/store-harness';

interface Seeded {
  tenantId: string;
  channelId: string;
  otherChannelId: string;
  messageIds: string[];
  onlyHere: string;
  shared: string;
  skillMemory: string;
  plain: string;
}

/** The one TenantDataStore contract: every adapter must pass it unchanged. */
export function describeTenantDataStoreContract(harness: StoreHarness): void {
  describe(`TenantDataStore contract (${harness.name})`, () => {
    let stores: Stores;
    let store: TenantDataStore;
    const tenants: string[] = [];

    function tenant(): string {
      const id = `contract-${randomUUID()}`;
      tenants.push(id);

      return id;
    }

    async function say(tenantId: string, channelId: string, content: string, i: number): Promise<string> {
      const appended = await stores.conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId,
          channelId,
          role: MessageRole.USER,
          speaker: 'Ann',
          trust: Trust.GUARDIAN,
          content,
          tokenCount: 5,
          createdAt: at(i),
          extractedAt: null,
        },
        vector: await embed(content),
        projectId: null,
      });

      return appended.message.id;
    }

    /** A tenant with two channels, a summary, memories extracted from one or both, a skill's memory, edges, a bulletin. */
    async function seed(): Promise<Seeded> {
      const tenantId = tenant();
      const channelId = `chat-${randomUUID().slice(0, 8)}`;
      const otherChannelId = `other-${randomUUID().slice(0, 8)}`;
      const messageIds = [
        await say(tenantId, channelId, 'I moved to Aarhus last spring', 1),
        await say(tenantId, channelId, 'My sister is called Mette', 2),
        await say(tenantId, channelId, 'We chose Postgres for the shop', 3),
      ];
      const elsewhere = await say(tenantId, otherChannelId, 'Mette visits every June', 4);
      const summary = await stores.conversations.insertSummary({
        summary: {
          id: randomUUID(),
          tenantId,
          channelId,
          content: 'Ann moved to Aarhus.',
          tokenCount: 4,
          previousId: null,
          messageCount: 1,
          fromAt: at(1),
          toAt: at(1),
          createdAt: at(10),
        },
        messageIds: [messageIds[0] ?? ''],
      });
      expect(summary).not.toBeNull();
      const onlyHere = await remember(stores.memories, tenantId, 'The user lives in Aarhus', {
        overrides: { createdAt: at(20), tags: ['home'], slot: 'location' },
      });
      const shared = await remember(stores.memories, tenantId, 'The user has a sister called Mette', {
        overrides: { createdAt: at(21) },
      });
      const skillMemory = await remember(stores.memories, tenantId, 'The shop runs on Postgres', {
        overrides: {
          createdAt: at(22),
          source: { role: SourceRole.TOOL, channelId, messageId: null, taskId: null, skillId: 'db-skill' },
        },
      });
      const plain = await remember(stores.memories, tenantId, 'The user prefers green tea', {
        overrides: { createdAt: at(23) },
        vectorText: null,
      });
      await stores.memories.upsertAssociation({
        tenantId,
        fromId: shared.id,
        toId: onlyHere.id,
        type: RelationType.RELATED_TO,
        weight: 0.8,
        createdAt: at(30),
      });
      await stores.memories.upsertAssociation({
        tenantId,
        fromId: skillMemory.id,
        toId: plain.id,
        type: RelationType.CAUSED_BY,
        weight: 0.5,
        createdAt: at(31),
      });
      await stores.conversations.linkExtracted(tenantId, onlyHere.id, messageIds[0] ?? '', at(32));
      await stores.conversations.linkExtracted(tenantId, shared.id, messageIds[1] ?? '', at(32));
      await stores.conversations.linkExtracted(tenantId, shared.id, elsewhere, at(33));
      await stores.bulletins.saveBulletin({
        id: `b-${randomUUID()}`,
        tenantId,
        content: 'About the user: lives in Aarhus',
        generatedAt: at(40),
        memoryIds: [onlyHere.id, shared.id],
        marker: '1:2:3',
        digest: 'digest',
        source: 'template',
      });

      return {
        tenantId,
        channelId,
        otherChannelId,
        messageIds: [...messageIds, elsewhere],
        onlyHere: onlyHere.id,
        shared: shared.id,
        skillMemory: skillMemory.id,
        plain: plain.id,
      };
    }

    async function reimport(tenantId: string, data: Awaited<ReturnType<typeof exportAll>>): Promise<void> {
      await store.importSummaries(tenantId, data.summaries);
      await store.importChannels(tenantId, data.channels);
      await store.importMessages(
        tenantId,
        await Promise.all(data.messages.map(async (message) => ({ message, vector: await embed(message.content) }))),
      );
      await store.refreshChannels(tenantId, [...new Set(data.messages.map((m) => m.channelId))]);
      const edges: ImportedEdges = { links: [], extractions: [] };
      const memories = await Promise.all(
        data.memories.map(async (memory) => {
          edges.links.push(...memory.links.map((l) => ({ ...l, fromId: memory.id })));
          edges.extractions.push(...memory.extractedFrom.map((e) => ({ ...e, memoryId: memory.id })));

          return {
            memory,
            vector: memory.embeddingModel === null ? null : await embed(memory.content),
            entityLinksOwed: null,
          };
        }),
      );
      await store.importMemories(tenantId, memories);
      await store.importEdges(tenantId, edges);
      await store.importBulletins(tenantId, data.bulletins);
    }

    async function exportAll(tenantId: string) {
      return {
        channels: await store.exportChannels(tenantId, null, 1000),
        summaries: await store.exportSummaries(tenantId, null, 1000),
        messages: await store.exportMessages(tenantId, null, 1000),
        memories: await store.exportMemories(tenantId, null, 1000),
        bulletins: await store.exportBulletins(tenantId),
      };
    }

    beforeAll(async () => {
      stores = harness.open();
      store = stores.tenantData;
      await stores.connection.init(SPACE);
    });

    afterAll(async () => {
      for (const tenantId of tenants) {
        await store.purgeTenant(tenantId);
      }
      await stores.connection.close();
      harness.dispose();
    });

    describe('export', () => {
      it('should return every record of the tenant with its edges, in id pages', async () => {
        const s = await seed();
        const data = await exportAll(s.tenantId);

        expect(data.channels.map((c) => c.id).sort()).toEqual([s.channelId, s.otherChannelId].sort());
        expect(data.channels.find((c) => c.id === s.channelId)).toMatchObject({
          messageCount: 3,
          lastMessageAt: at(3),
        });
        expect(data.summaries).toHaveLength(1);
        expect(data.messages.map((m) => m.id).sort()).toEqual([...s.messageIds].sort());
        expect(data.messages.find((m) => m.id === s.messageIds[0])?.summaryId).toBe(data.summaries[0]?.id);
        const byId = new Map(data.memories.map((m): [string, ExportedMemory] => [m.id, m]));
        expect(byId.get(s.shared)?.links).toEqual([
          { toId: s.onlyHere, type: RelationType.RELATED_TO, weight: 0.8, createdAt: at(30) },
        ]);
        expect(
          byId
            .get(s.shared)
            ?.extractedFrom.map((e) => e.messageId)
            .sort(),
        ).toEqual([s.messageIds[1], s.messageIds[3]].sort());
        expect(byId.get(s.onlyHere)).toMatchObject({
          slot: 'location',
          tags: ['home'],
          createdAt: at(20),
          decayScore: null,
        });
        expect(byId.get(s.skillMemory)?.source.skillId).toBe('db-skill');
        expect(byId.get(s.plain)?.embeddingModel).toBeNull();
        expect(data.bulletins).toHaveLength(1);
        expect(data.bulletins[0]?.memoryIds).toEqual([s.onlyHere, s.shared]);

        const first = await store.exportMemories(s.tenantId, null, 2);
        const second = await store.exportMemories(s.tenantId, first.at(-1)?.id ?? null, 2);
        expect([...first, ...second].map((m) => m.id)).toEqual([...byId.keys()].sort());
        expect(await store.exportMemories(tenant(), null, 10)).toEqual([]);
      });
    });

    describe('import', () => {
      it('should bring back a purged tenant as it was, and double nothing on a second import', async () => {
        const s = await seed();
        const before = await exportAll(s.tenantId);
        const data = await exportAll(s.tenantId);
        await store.purgeTenant(s.tenantId);
        expect(await exportAll(s.tenantId)).toEqual({
          channels: [],
          summaries: [],
          messages: [],
          memories: [],
          bulletins: [],
        });

        await reimport(s.tenantId, data);

        expect(await exportAll(s.tenantId)).toEqual(before);
        const again = await store.importMemories(
          s.tenantId,
          data.memories.map((memory) => ({ memory, vector: null })),
        );
        expect(again).toEqual({ created: 0, existing: data.memories.length, conflicts: 0 });
        expect(await store.importChannels(s.tenantId, data.channels)).toEqual({
          created: 0,
          existing: 2,
          conflicts: 0,
        });
        await reimport(s.tenantId, data);
        expect(await exportAll(s.tenantId)).toEqual(before);
      });

      it('should find imported memories and messages by vector and by text', async () => {
        const s = await seed();
        const data = await exportAll(s.tenantId);
        await store.purgeTenant(s.tenantId);
        const visibility = { statuses: [MemoryStatus.ACTIVE] };
        // searched while empty, so a vector index the adapter may keep exists and must take in the import
        await stores.memories.searchVectors(s.tenantId, await embed('The user lives in Aarhus'), 1, visibility);
        await stores.conversations.searchMessageVectors(s.tenantId, await embed('Mette'), 1, {});
        await reimport(s.tenantId, data);

        const byText = await stores.memories.searchText(s.tenantId, 'Aarhus', 5, visibility);
        const byVector = await stores.memories.searchVectors(
          s.tenantId,
          await embed('The user lives in Aarhus'),
          1,
          visibility,
        );
        const messages = await stores.conversations.searchMessageText(s.tenantId, 'Mette', 5, {
          channelId: s.channelId,
        });
        const messagesByVector = await stores.conversations.searchMessageVectors(
          s.tenantId,
          await embed('My sister is called Mette'),
          1,
          { channelId: s.channelId },
        );

        expect(byText.map((h) => h.id)).toContain(s.onlyHere);
        expect(byVector.map((h) => h.id)).toEqual([s.onlyHere]);
        expect(messages.map((h) => h.id)).toContain(s.messageIds[1]);
        expect(messagesByVector.map((h) => h.id)).toEqual([s.messageIds[1]]);
      });

      it("should leave another tenant's ids alone and count them as conflicts", async () => {
        const s = await seed();
        const data = await exportAll(s.tenantId);
        const other = tenant();

        const memories = await store.importMemories(
          other,
          data.memories.map((memory) => ({ memory, vector: null })),
        );
        const messages = await store.importMessages(
          other,
          data.messages.map((message) => ({ message, vector: null })),
        );

        const known = await store.existingIds(other, 'memory', [s.shared, s.plain, 'no-such-memory']);
        expect([...known].sort()).toEqual([s.shared, s.plain].sort());
        expect([...(await store.existingIds(other, 'message', [s.messageIds[0] ?? '', 'nope']))]).toEqual([
          s.messageIds[0],
        ]);
        const channels = await store.importChannels(other, data.channels);
        expect(channels).toEqual({ created: 2, existing: 0, conflicts: 0 });
        expect((await store.exportChannels(other, null, 10)).map((c) => c.summaryId)).toEqual([null, null]);
        expect(memories).toEqual({ created: 0, existing: 0, conflicts: data.memories.length });
        expect(messages.created).toBe(0);
        expect(await store.exportMemories(other, null, 100)).toEqual([]);
        expect((await stores.memories.getMemory(s.tenantId, s.shared))?.tenantId).toBe(s.tenantId);
      });

      it('should skip a memory whose fingerprint or ACTIVE slot a live memory of the tenant holds', async () => {
        const s = await seed();
        const [onlyHere] = (await store.exportMemories(s.tenantId, null, 100)).filter((m) => m.id === s.onlyHere);
        if (!onlyHere) {
          throw new Error('seeded memory missing');
        }

        const copy = await store.importMemories(s.tenantId, [
          { memory: { ...onlyHere, id: randomUUID() }, vector: null },
        ]);
        const slot = await store.importMemories(s.tenantId, [
          {
            memory: { ...onlyHere, id: randomUUID(), content: 'The user lives in Odense', fingerprint: 'odense' },
            vector: null,
          },
        ]);

        expect(copy).toEqual({ created: 0, existing: 0, conflicts: 1 });
        expect(slot).toEqual({ created: 0, existing: 0, conflicts: 1 });
      });

      it('should keep an imported memory owed its entity links when the import says so, and no other', async () => {
        const s = await seed();
        const data = await exportAll(s.tenantId);
        await store.purgeTenant(s.tenantId);
        const owed = data.memories.find((m) => m.id === s.onlyHere);
        const plain = data.memories.find((m) => m.id === s.plain);
        if (!owed || !plain) {
          throw new Error('seeded memory missing');
        }

        await store.importMemories(s.tenantId, [
          { memory: owed, vector: null, entityLinksOwed: { since: at(40), slotValue: 'Aarhus' } },
          { memory: plain, vector: null, entityLinksOwed: null },
        ]);

        await expect(stores.entities.countOwedLinks(s.tenantId)).resolves.toEqual({ items: 1, oldest: at(40) });
        const listed = (await stores.entities.listOwedLinks(at(41), null, 1000)).filter(
          (o) => o.tenantId === s.tenantId,
        );
        expect(listed).toEqual([
          expect.objectContaining({ memoryId: owed.id, owedAt: at(40), slot: { name: 'location', value: 'Aarhus' } }),
        ]);
      });

      it('should import a batch holding duplicates as if row by row: the first wins, the later ones are skipped', async () => {
        const s = await seed();
        const data = await exportAll(s.tenantId);
        await store.purgeTenant(s.tenantId);
        const onlyHere = data.memories.find((m) => m.id === s.onlyHere);
        const plain = data.memories.find((m) => m.id === s.plain);
        if (!onlyHere || !plain) {
          throw new Error('seeded memory missing');
        }
        const twice = <T>(items: T[]): T[] => [...items, ...items];

        await store.importSummaries(s.tenantId, twice(data.summaries));
        expect(await store.importChannels(s.tenantId, twice(data.channels))).toEqual({
          created: 2,
          existing: 2,
          conflicts: 0,
        });
        const messages = await store.importMessages(
          s.tenantId,
          twice(data.messages).map((message) => ({ message, vector: null })),
        );
        expect(messages).toEqual({ created: data.messages.length, existing: data.messages.length, conflicts: 0 });
        const memories = await store.importMemories(s.tenantId, [
          { memory: onlyHere, vector: null },
          // the same id again, then the same fingerprint and the same ACTIVE slot under new ids
          { memory: onlyHere, vector: null },
          { memory: { ...onlyHere, id: randomUUID(), slot: null }, vector: null },
          {
            memory: { ...onlyHere, id: randomUUID(), content: 'The user lives in Odense', fingerprint: 'odense' },
            vector: null,
          },
          { memory: plain, vector: null },
        ]);
        expect(memories).toEqual({ created: 2, existing: 1, conflicts: 2 });
        const link = {
          toId: onlyHere.id,
          type: RelationType.RELATED_TO,
          weight: 0.4,
          createdAt: at(50),
          fromId: plain.id,
        };
        const extraction = { memoryId: onlyHere.id, messageId: s.messageIds[0] ?? '', createdAt: at(51) };
        const edges = await store.importEdges(s.tenantId, {
          links: [link, link],
          extractions: [extraction, extraction],
        });
        expect(edges).toEqual({ created: 2, existing: 2, conflicts: 0 });
        const bulletins = await store.importBulletins(s.tenantId, twice(data.bulletins));
        expect(bulletins).toEqual({ created: 1, existing: 1, conflicts: 0 });

        const after = await exportAll(s.tenantId);
        expect(after.memories.map((m) => m.id).sort()).toEqual([onlyHere.id, plain.id].sort());
        expect(after.memories.find((m) => m.id === plain.id)?.links).toEqual([
          { toId: onlyHere.id, type: RelationType.RELATED_TO, weight: 0.4, createdAt: at(50) },
        ]);
        expect(after.memories.find((m) => m.id === onlyHere.id)?.extractedFrom).toEqual([
          { messageId: s.messageIds[0], createdAt: at(51) },
        ]);
        expect(after.messages).toHaveLength(data.messages.length);
        expect(after.summaries).toHaveLength(data.summaries.length);
        expect(after.bulletins).toHaveLength(1);
      });
    });

    describe('purge', () => {
      it('should delete a channel with its messages and summaries, keeping memories unless asked', async () => {
        const s = await seed();

        const purged = await store.purgeChannel(s.tenantId, s.channelId, false);

        expect(purged).toEqual({ channels: 1, messages: 3, summaries: 1, memories: 0 });
        expect(await stores.conversations.getMessages(s.tenantId, s.messageIds)).toHaveLength(1);
        expect(await stores.memories.getMemory(s.tenantId, s.onlyHere)).not.toBeNull();
        expect(await store.purgeChannel(s.tenantId, s.channelId, false)).toEqual({
          channels: 0,
          messages: 0,
          summaries: 0,
          memories: 0,
        });
      });

      it('should delete the memories extracted only from the channel, and the bulletins citing them', async () => {
        const s = await seed();

        const purged = await store.purgeChannel(s.tenantId, s.channelId, true);

        expect(purged).toEqual({ channels: 1, messages: 3, summaries: 1, memories: 1 });
        expect(await stores.memories.getMemory(s.tenantId, s.onlyHere)).toBeNull();
        expect(await stores.memories.getMemory(s.tenantId, s.shared)).not.toBeNull();
        expect(await store.exportBulletins(s.tenantId)).toEqual([]);
        expect((await store.exportMemories(s.tenantId, null, 100)).find((m) => m.id === s.shared)?.links).toEqual([]);
        expect(await stores.memories.searchText(s.tenantId, 'Aarhus', 5, { statuses: [MemoryStatus.ACTIVE] })).toEqual(
          [],
        );
      });

      it("should purge a skill's memories with their edges, and nothing else", async () => {
        const s = await seed();

        const purged = await store.purgeSkill(s.tenantId, 'db-skill');

        expect(purged).toEqual({ memories: 1, bulletins: 0 });
        expect(await stores.memories.getMemory(s.tenantId, s.skillMemory)).toBeNull();
        expect(await stores.memories.listAssociations(s.tenantId, s.plain, { limit: 10 })).toEqual([]);
        expect(await stores.memories.getMemory(s.tenantId, s.plain)).not.toBeNull();
        expect(await store.purgeSkill(s.tenantId, 'db-skill')).toEqual({ memories: 0, bulletins: 0 });
      });

      it('should remove everything of the tenant, count it, and leave other tenants alone', async () => {
        const s = await seed();
        const other = await seed();
        await stores.graph.writeJobState(s.tenantId, 'importance', '{}');
        const otherBefore = await exportAll(other.tenantId);
        const memoryQuery = await embed('The user lives in Aarhus');
        const messageQuery = await embed('My sister is called Mette');
        // searched once before, so a vector index the adapter may keep is built and must be dropped by the purge
        await stores.memories.searchVectors(s.tenantId, memoryQuery, 5, { statuses: [MemoryStatus.ACTIVE] });
        await stores.conversations.searchMessageVectors(s.tenantId, messageQuery, 5, {});

        const purged = await store.purgeTenant(s.tenantId);

        expect(purged).toMatchObject({
          memories: 4,
          associations: 2,
          memoryVectors: 3,
          memoryTextRows: 4,
          channels: 2,
          messages: 4,
          messageVectors: 4,
          messageTextRows: 4,
          summaries: 1,
          extractions: 3,
          bulletins: 1,
          citations: 2,
          jobStates: 1,
        });
        expect(await exportAll(s.tenantId)).toEqual({
          channels: [],
          summaries: [],
          messages: [],
          memories: [],
          bulletins: [],
        });
        expect(await stores.graph.readJobState(s.tenantId, 'importance')).toBeNull();
        expect(
          await stores.memories.searchVectors(s.tenantId, memoryQuery, 5, { statuses: [MemoryStatus.ACTIVE] }),
        ).toEqual([]);
        expect(await stores.conversations.searchMessageVectors(s.tenantId, messageQuery, 5, {})).toEqual([]);
        expect(await exportAll(other.tenantId)).toEqual(otherBefore);
      });
    });
  });
}
