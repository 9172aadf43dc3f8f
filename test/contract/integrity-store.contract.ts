import { randomUUID } from 'node:crypto';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { MessageRecord } from 'src/domain/conversation.types';
import { MemoryStatus, RelationType } from 'src/domain/memory.enums';
import type { IntegrityReport } from 'src/store/integrity-store.port';
import type { Stores } from 'src/store/stores';
import { at, embed, remember, SPACE } from 'test/contract/memory-fixtures';
import { purgeTenant } from 'test/contract/memory-store.contract';
import type { StoreHarness } from 'test/contract/store-harness';

/** Problems of these tenants only: a shared Neo4j database holds other suites' tenants too. */
function problemsOf(report: IntegrityReport, tenants: string[]): IntegrityReport['problems'] {
  return report.problems.filter((p) => p.tenantId !== null && tenants.includes(p.tenantId));
}

/** The IntegrityStore port over a store written only through the other ports: every adapter must pass it unchanged. */
export function describeIntegrityStoreContract(harness: StoreHarness): void {
  describe(`IntegrityStore contract (${harness.name})`, () => {
    let stores: Stores;
    let tenants: string[] = [];
    let channels: [string, string][] = [];

    function tenant(): string {
      const id = `integrity-${randomUUID()}`;
      tenants.push(id);

      return id;
    }

    async function say(
      tenantId: string,
      channelId: string,
      content: string,
      seq: number,
      vector = true,
    ): Promise<MessageRecord> {
      const appended = await stores.conversations.appendMessage({
        message: {
          id: randomUUID(),
          tenantId,
          channelId,
          role: MessageRole.USER,
          speaker: null,
          trust: Trust.GUARDIAN,
          content,
          tokenCount: 5,
          createdAt: at(seq),
          extractedAt: null,
        },
        vector: vector ? await embed(content) : null,
        projectId: null,
      });

      return appended.message;
    }

    /** A tenant using every kind of node and edge: slots, a supersession, an association, provenance, a summary, a bulletin. */
    async function populate(tenantId: string): Promise<void> {
      const first = await remember(stores.memories, tenantId, "The user's name is John", {
        overrides: { slot: 'name' },
      });
      await remember(stores.memories, tenantId, "The user's name is Peter", {
        overrides: { slot: 'name', createdAt: at(5) },
      });
      const tea = await remember(stores.memories, tenantId, 'The user drinks green tea');
      const offline = await remember(stores.memories, tenantId, 'The user lives in Aarhus', { vectorText: null });
      await stores.memories.upsertAssociation({
        tenantId,
        fromId: tea.id,
        toId: offline.id,
        type: RelationType.RELATED_TO,
        weight: 0.5,
        createdAt: at(6),
      });
      const channelId = `chat-${randomUUID().slice(0, 8)}`;
      channels.push([tenantId, channelId]);
      const m1 = await say(tenantId, channelId, 'I drink green tea every morning', 1);
      const m2 = await say(tenantId, channelId, 'Mostly sencha, sometimes matcha', 2, false);
      await say(tenantId, channelId, 'And coffee on Mondays', 3);
      await stores.conversations.linkExtracted(tenantId, tea.id, m1.id, at(7));
      const summaryId = randomUUID();
      const summary = await stores.conversations.insertSummary({
        summary: {
          id: summaryId,
          tenantId,
          channelId,
          content: 'Tea talk.',
          tokenCount: 3,
          previousId: null,
          messageCount: 2,
          fromAt: at(1),
          toAt: at(2),
          createdAt: at(8),
        },
        messageIds: [m1.id, m2.id],
      });
      expect(summary?.id).toBe(summaryId);
      await stores.bulletins.saveBulletin({
        id: randomUUID(),
        tenantId,
        content: 'About the user: green tea',
        generatedAt: at(9),
        memoryIds: [tea.id],
        marker: '1:2:3',
        digest: 'd',
        source: 'template',
      });
      expect((await stores.memories.getMemory(tenantId, first.id))?.status).toBe(MemoryStatus.SUPERSEDED);
    }

    beforeAll(async () => {
      stores = harness.open();
      await stores.connection.init(SPACE);
    });

    afterEach(async () => {
      for (const [tenantId, channelId] of channels) {
        await stores.conversations.deleteChannel(tenantId, channelId);
      }
      for (const id of tenants) {
        await purgeTenant(stores, id);
      }
      channels = [];
      tenants = [];
    });

    afterAll(async () => {
      await stores.connection.close();
      harness.dispose();
    });

    it('should report a store written through the ports clean, with the counts of each tenant', async () => {
      const alice = tenant();
      const bob = tenant();
      await populate(alice);
      await remember(stores.memories, bob, 'Bob likes chess');

      const report = await stores.integrity.checkIntegrity();

      expect(report.store).toBe(harness.name);
      expect(problemsOf(report, tenants)).toEqual([]);
      expect(report.tenants.find((t) => t.tenantId === alice)).toEqual({
        tenantId: alice,
        memories: 4,
        byStatus: { ACTIVE: 3, SUPERSEDED: 1 },
        withoutVector: 1,
        // the RELATED_TO link and the UPDATES edge of the slot change
        associations: 2,
        channels: 1,
        messages: 3,
        summaries: 1,
        bulletins: 1,
      });
      expect(report.tenants.find((t) => t.tenantId === bob)).toEqual(
        expect.objectContaining({ memories: 1, byStatus: { ACTIVE: 1 }, associations: 0, messages: 0, bulletins: 0 }),
      );
    });

    it('should stay clean after memories are forgotten and deleted and a channel is deleted', async () => {
      const t = tenant();
      await populate(t);
      const page = await stores.memories.listMemories(t, { statuses: [MemoryStatus.ACTIVE] }, 10, null);
      const [forgotten, deleted] = page.items;
      await stores.memories.setStatus(t, forgotten?.id ?? '', MemoryStatus.FORGOTTEN, at(20));
      await stores.memories.deleteMemory(t, deleted?.id ?? '');
      for (const [tenantId, channelId] of channels) {
        await stores.conversations.deleteChannel(tenantId, channelId);
      }

      const report = await stores.integrity.checkIntegrity();

      expect(problemsOf(report, [t])).toEqual([]);
      expect(report.tenants.find((c) => c.tenantId === t)).toEqual(
        expect.objectContaining({ memories: 3, channels: 0, messages: 0, summaries: 0 }),
      );
    });
  });
}
