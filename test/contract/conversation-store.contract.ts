import { randomUUID } from 'node:crypto';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import type { MemoryStore } from 'src/domain/memory-store.port';
import type { ConversationStore, MessageDraft } from 'src/store/conversation-store.port';
import type { Stores } from 'src/store/stores';
import { at, embed, remember, SPACE } from 'test/contract/memory-fixtures';
import { purgeTenant } from 'test/contract/memory-store.contract';
import type { StoreHarness } from 'test/contract/store-harness';

interface Say {
  role?: MessageRole;
  speaker?: string | null;
  trust?: Trust;
  createdAt?: Date;
  tokenCount?: number;
  projectId?: string | null;
  vector?: boolean;
}

/** The one ConversationStore contract: every adapter must pass it unchanged. */
export function describeConversationStoreContract(harness: StoreHarness): void {
  describe(`ConversationStore contract (${harness.name})`, () => {
    let stores: Stores;
    let store: ConversationStore;
    let memories: MemoryStore;
    let channels: [string, string][] = [];
    let tenants: string[] = [];
    let clock = 0;

    function tenant(): string {
      const id = `contract-${randomUUID()}`;
      tenants.push(id);

      return id;
    }

    function channel(tenantId: string, name = 'chat'): string {
      const id = `${name}-${randomUUID().slice(0, 8)}`;
      channels.push([tenantId, id]);

      return id;
    }

    async function say(
      tenantId: string,
      channelId: string,
      content: string,
      options: Say = {},
    ): Promise<MessageRecord> {
      const draft: MessageDraft = {
        id: randomUUID(),
        tenantId,
        channelId,
        role: options.role ?? MessageRole.USER,
        speaker: options.speaker ?? null,
        trust: options.trust ?? Trust.GUARDIAN,
        content,
        tokenCount: options.tokenCount ?? content.split(' ').length,
        createdAt: options.createdAt ?? at(++clock),
        extractedAt: null,
      };
      const appended = await store.appendMessage({
        message: draft,
        vector: options.vector === false ? null : await embed(content),
        projectId: options.projectId ?? null,
      });

      return appended.message;
    }

    function summary(
      tenantId: string,
      channelId: string,
      previousId: string | null,
      content = 'Earlier: they chose Postgres.',
    ): SummaryRecord {
      return {
        id: randomUUID(),
        tenantId,
        channelId,
        content,
        tokenCount: 7,
        previousId,
        messageCount: 2,
        fromAt: at(1),
        toAt: at(2),
        createdAt: at(100),
      };
    }

    const ids = (items: readonly { id: string }[]): string[] => items.map((item) => item.id);

    beforeAll(async () => {
      stores = harness.open();
      store = stores.conversations;
      memories = stores.memories;
      await stores.connection.init(SPACE);
    });

    afterEach(async () => {
      for (const [tenantId, channelId] of channels) {
        await store.deleteChannel(tenantId, channelId);
      }
      channels = [];
      // the channels' memories, bulletins and job state too: a shared Neo4j keeps only other suites' tenants
      for (const tenantId of tenants) {
        await purgeTenant(stores, tenantId);
      }
      tenants = [];
    });

    afterAll(async () => {
      await stores.connection.close();
      harness.dispose();
    });

    describe('channels', () => {
      it('should create a channel with its first message, counting messages and the latest time', async () => {
        const t = tenant();
        const c = channel(t);
        await expect(store.getChannel(t, c)).resolves.toBeNull();

        const first = await say(t, c, 'hello there', { createdAt: at(5), projectId: 'proj-a' });
        const appended = await store.appendMessage({
          message: { ...first, id: randomUUID(), createdAt: at(3) },
          vector: null,
          projectId: 'proj-b',
        });

        expect(appended.channel).toMatchObject({
          id: c,
          tenantId: t,
          private: false,
          projectId: 'proj-a',
          tokenBudget: null,
          messageCount: 2,
          summaryId: null,
        });
        expect(appended.channel.lastMessageAt).toEqual(at(5));
        expect(appended.liveCount).toBe(2);
        expect(appended.liveTokens).toBe(4);
        expect(first.seq).toBe(1);
        expect(appended.message.seq).toBe(2);
      });

      it('should configure a new or existing channel, and keep every tenant to its own channels', async () => {
        const t = tenant();
        const c = channel(t);
        const created = await store.configureChannel(t, c, { private: true, projectId: 'p1', tokenBudget: 500 }, at(1));
        await say(t, c, 'a message');
        const updated = await store.configureChannel(
          t,
          c,
          { private: false, projectId: null, tokenBudget: null },
          at(2),
        );

        expect(created).toMatchObject({ id: c, private: true, projectId: 'p1', tokenBudget: 500, messageCount: 0 });
        expect(updated).toMatchObject({ id: c, private: false, projectId: null, tokenBudget: null, messageCount: 1 });
        await expect(store.getChannel(tenant(), c)).resolves.toBeNull();
      });

      it("should list a tenant's channels in id order, page by page, and no other tenant's", async () => {
        const t = tenant();
        const ids = [channel(t, 'b'), channel(t, 'a'), channel(t, 'c')];
        for (const id of ids) {
          await say(t, id, `hello from ${id}`);
        }
        const other = tenant();
        await say(other, channel(other, 'a'), 'not yours');
        const sorted = [...ids].sort();

        const first = await store.listChannels(t, 2, null);
        const rest = await store.listChannels(t, 2, first[first.length - 1]?.id ?? null);

        expect(first.map((c) => c.id)).toEqual(sorted.slice(0, 2));
        expect(rest.map((c) => c.id)).toEqual(sorted.slice(2));
        expect(first[0]).toMatchObject({ tenantId: t, messageCount: 1, private: false });
        await expect(store.listChannels(tenant(), 10, null)).resolves.toEqual([]);
      });

      it('should delete a channel with its messages and summaries', async () => {
        const t = tenant();
        const c = channel(t);
        const m = await say(t, c, 'the deploy key rotates on fridays');

        await expect(store.deleteChannel(t, c)).resolves.toBe(true);
        await expect(store.getChannel(t, c)).resolves.toBeNull();
        await expect(store.getMessages(t, [m.id])).resolves.toEqual([]);
        await expect(store.searchMessageText(t, 'deploy key', 5, { channelId: c })).resolves.toEqual([]);
        await expect(store.deleteChannel(t, c)).resolves.toBe(false);
      });
    });

    describe('messages', () => {
      it('should read back every field of a message', async () => {
        const t = tenant();
        const c = channel(t);
        const m = await say(t, c, 'Deploys go out on Tuesdays', {
          role: MessageRole.TOOL,
          speaker: 'ci-bot',
          trust: Trust.UNKNOWN,
          createdAt: at(42),
        });

        expect(m).toEqual({
          id: m.id,
          tenantId: t,
          channelId: c,
          seq: 1,
          role: MessageRole.TOOL,
          speaker: 'ci-bot',
          trust: Trust.UNKNOWN,
          content: 'Deploys go out on Tuesdays',
          tokenCount: 5,
          createdAt: at(42),
          extractedAt: null,
          summaryId: null,
        });
        await expect(store.getMessages(t, [m.id, randomUUID()])).resolves.toEqual([m]);
        await expect(store.getMessages(tenant(), [m.id])).resolves.toEqual([]);
      });

      it('should order by createdAt, then by arrival for equal times, whatever the append order', async () => {
        const t = tenant();
        const c = channel(t);
        const late = await say(t, c, 'third', { createdAt: at(30) });
        const early = await say(t, c, 'first', { createdAt: at(10) });
        const tieA = await say(t, c, 'second a', { createdAt: at(20) });
        const tieB = await say(t, c, 'second b', { createdAt: at(20) });

        const all = await store.listMessages(t, c, { limit: 10, end: 'oldest' });
        expect(ids(all)).toEqual(ids([early, tieA, tieB, late]));
        expect(ids(await store.listMessages(t, c, { limit: 2, end: 'newest' }))).toEqual(ids([tieB, late]));
        expect(ids(await store.listMessages(t, c, { limit: 2, end: 'oldest' }))).toEqual(ids([early, tieA]));
        expect(ids(await store.listMessages(t, c, { limit: 10, end: 'newest', before: tieB }))).toEqual(
          ids([early, tieA]),
        );
        expect(ids(await store.listMessages(t, c, { limit: 10, end: 'oldest', through: tieA }))).toEqual(
          ids([early, tieA]),
        );
        await expect(store.listMessages(tenant(), c, { limit: 10, end: 'oldest' })).resolves.toEqual([]);
      });

      it('should mark messages extracted once', async () => {
        const t = tenant();
        const c = channel(t);
        const m = await say(t, c, 'I moved to Lisbon');
        await store.markExtracted(t, [m.id], at(50));
        await store.markExtracted(t, [m.id], at(60));
        await store.markExtracted(tenant(), [m.id], at(70));

        const [read] = await store.getMessages(t, [m.id]);
        expect(read?.extractedAt).toEqual(at(50));
      });
    });

    describe('searchMessageText and searchMessageVectors', () => {
      it('should find messages by content, by speaker and by the neighbouring messages, in one channel', async () => {
        const t = tenant();
        const c = channel(t);
        const question = await say(t, c, 'Which database did the team pick for billing?', { speaker: 'Anders' });
        const answer = await say(t, c, 'Postgres, last Friday', { role: MessageRole.ASSISTANT, speaker: 'Mette' });
        const other = await say(t, c, 'Lunch is at noon', { speaker: 'Mette' });

        expect(ids(await store.searchMessageText(t, 'postgres', 5, { channelId: c }))[0]).toBe(answer.id);
        expect(ids(await store.searchMessageText(t, 'anders', 5, { channelId: c }))).toContain(question.id);
        // the answer is found by the question it follows
        expect(ids(await store.searchMessageText(t, 'database billing', 5, { channelId: c }))).toEqual(
          expect.arrayContaining([question.id, answer.id]),
        );
        expect(ids(await store.searchMessageText(t, 'lunch noon', 5, { channelId: c }))[0]).toBe(other.id);
        const vectorHits = await store.searchMessageVectors(t, await embed('Lunch is at noon'), 3, { channelId: c });
        expect(vectorHits[0]?.id).toBe(other.id);
        expect(vectorHits[0]?.score).toBeCloseTo(1, harness.vectorScoreDigits);
        await expect(store.searchMessageText(tenant(), 'postgres', 5, { channelId: c })).resolves.toEqual([]);
        await expect(
          store.searchMessageVectors(tenant(), await embed('Lunch is at noon'), 3, { channelId: c }),
        ).resolves.toEqual([]);
      });

      it('should find a message, and the one after it, by words written with apostrophes, decimals, domains and snake_case', async () => {
        const t = tenant();
        const c = channel(t);
        const said = await say(t, c, "O'Brien moved the v3.5 config_file to example.com", { speaker: "O'Brien" });
        const reply = await say(t, c, 'Noted', { speaker: 'Ann' });

        for (const query of ["O'Brien", 'brien', '3.5', 'config_file', 'example.com']) {
          expect(ids(await store.searchMessageText(t, query, 5, { channelId: c }))).toEqual([said.id, reply.id]);
        }
      });

      it('should find a message, and the one after it, by other forms of its words and without diacritics, and its speaker so', async () => {
        const t = tenant();
        const c = channel(t);
        const said = await say(t, c, 'We went camping near the Café Müller', { speaker: 'Zoë' });
        const reply = await say(t, c, 'Noted', { speaker: 'Ann' });

        for (const query of ['camps', 'cafes', 'muller']) {
          expect(ids(await store.searchMessageText(t, query, 5, { channelId: c }))).toEqual([said.id, reply.id]);
        }
        // the speaker is the message's own (the one after holds its words, not its speaker)
        expect(ids(await store.searchMessageText(t, 'zoe', 5, { channelId: c }))).toEqual([said.id]);
      });

      it('should leave the messages searchable across channels exactly when the channel ends up public, under concurrent privacy changes', async () => {
        const t = tenant();
        const c = channel(t);
        const m = await say(t, c, 'The walrus tusk measurement');

        await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            store.configureChannel(t, c, { private: i % 2 === 0, projectId: null, tokenBudget: null }, at(i)),
          ),
        );

        const final = await store.getChannel(t, c);
        const shared = ids(await store.searchMessageText(t, 'walrus', 5, {}));
        expect(shared).toEqual(final?.private ? [] : [m.id]);
      });

      it('should search across channels only in non-private ones, only GUARDIAN messages, leaving one channel out', async () => {
        const t = tenant();
        const open = channel(t, 'open');
        const secret = channel(t, 'secret');
        const group = channel(t, 'group');
        const asking = channel(t, 'asking');
        await store.configureChannel(t, secret, { private: true, projectId: null, tokenBudget: null }, at(0));
        const shared = await say(t, open, 'the staging password rotates monthly');
        await say(t, secret, 'the staging password rotates weekly');
        const stranger = await say(t, group, 'the staging password rotates daily', { trust: Trust.UNKNOWN });
        await say(t, asking, 'the staging password rotates hourly');
        const query = 'staging password rotates';
        const scope = { excludeChannelId: asking };

        expect(ids(await store.searchMessageText(t, query, 10, scope))).toEqual([shared.id]);
        expect(ids(await store.searchMessageVectors(t, await embed(query), 10, scope))).toEqual([shared.id]);
        expect(ids(await store.searchMessageText(t, query, 10, { channelId: group }))).toEqual([stranger.id]);
      });

      it("should search one channel's vectors only, whatever its privacy or the messages' trust", async () => {
        const t = tenant();
        const mine = channel(t, 'mine');
        const other = channel(t, 'other');
        await store.configureChannel(t, mine, { private: true, projectId: null, tokenBudget: null }, at(0));
        const kept = await say(t, mine, 'the build server lives in rack four', { trust: Trust.UNKNOWN });
        await say(t, other, 'the build server lives in rack five');
        const vector = await embed('build server rack');

        expect(ids(await store.searchMessageVectors(t, vector, 10, { channelId: mine }))).toEqual([kept.id]);
        expect(ids(await store.searchMessageVectors(t, vector, 10, { channelId: 'nobody' }))).toEqual([]);
      });

      it('should follow a channel turning private, and back', async () => {
        const t = tenant();
        const c = channel(t);
        const m = await say(t, c, 'quarterly numbers look strong');
        const vector = await embed('quarterly numbers look strong');
        await store.configureChannel(t, c, { private: true, projectId: null, tokenBudget: null }, at(1));

        await expect(store.searchMessageText(t, 'quarterly numbers', 5, {})).resolves.toEqual([]);
        await expect(store.searchMessageVectors(t, vector, 5, {})).resolves.toEqual([]);

        await store.configureChannel(t, c, { private: false, projectId: null, tokenBudget: null }, at(2));
        expect(ids(await store.searchMessageText(t, 'quarterly numbers', 5, {}))).toEqual([m.id]);
        expect(ids(await store.searchMessageVectors(t, vector, 5, {}))).toEqual([m.id]);
      });

      it('should filter by time, after and before being exclusive', async () => {
        const t = tenant();
        const c = channel(t);
        await say(t, c, 'standup notes monday', { createdAt: at(10) });
        const middle = await say(t, c, 'standup notes tuesday', { createdAt: at(20) });
        await say(t, c, 'standup notes wednesday', { createdAt: at(30) });
        const scope = { channelId: c, after: at(10), before: at(30) };

        expect(ids(await store.searchMessageText(t, 'standup notes', 10, scope))).toEqual([middle.id]);
        expect(ids(await store.searchMessageVectors(t, await embed('standup notes'), 10, scope))).toEqual([middle.id]);
      });

      describe('a channel with its project', () => {
        const PROJECT = 'apollo';
        const query = 'deploy key lives in the vault';
        const sorted = (items: readonly { id: string }[]): string[] => ids(items).sort();

        async function searchBoth(tenantId: string, channelId: string, k = 20): Promise<[string[], string[]]> {
          const scope = { channelId, projectId: PROJECT };

          return [
            sorted(await store.searchMessageText(tenantId, query, k, scope)),
            sorted(await store.searchMessageVectors(tenantId, await embed(query), k, scope)),
          ];
        }

        it("should find every message of the channel and the shared messages of the project's other channels", async () => {
          const t = tenant();
          const asking = channel(t, 'asking');
          const sibling = channel(t, 'sibling');
          await store.configureChannel(t, asking, { private: true, projectId: PROJECT, tokenBudget: null }, at(0));
          const own = await say(t, asking, 'the deploy key lives in the vault, row one', { trust: Trust.UNKNOWN });
          // the sibling joins the project with its first message
          const shared = await say(t, sibling, 'the deploy key lives in the vault, row two', { projectId: PROJECT });
          const expected = [own.id, shared.id].sort();

          expect(await searchBoth(t, asking)).toEqual([expected, expected]);
          // the best of both searches, best first: the sibling's exact wording leads
          const best = await store.searchMessageVectors(t, await embed(shared.content), 1, {
            channelId: asking,
            projectId: PROJECT,
          });
          expect(ids(best)).toEqual([shared.id]);
          // without the project, the channel alone
          expect(ids(await store.searchMessageText(t, query, 20, { channelId: asking }))).toEqual([own.id]);
        });

        it("should never find a private sibling's message, a sibling's non-GUARDIAN message, another project's or another tenant's", async () => {
          const t = tenant();
          const asking = channel(t, 'asking');
          const secret = channel(t, 'secret');
          const group = channel(t, 'group');
          const elsewhere = channel(t, 'elsewhere');
          const loose = channel(t, 'loose');
          const settings = { private: false, projectId: PROJECT, tokenBudget: null };
          await store.configureChannel(t, asking, settings, at(0));
          await store.configureChannel(t, secret, { ...settings, private: true }, at(0));
          await store.configureChannel(t, group, settings, at(0));
          await store.configureChannel(t, elsewhere, { ...settings, projectId: 'gemini' }, at(0));
          const own = await say(t, asking, 'the deploy key lives in the vault, row one');
          await say(t, secret, 'the deploy key lives in the vault, row two');
          await say(t, group, 'the deploy key lives in the vault, row three', { trust: Trust.UNKNOWN });
          await say(t, elsewhere, 'the deploy key lives in the vault, row four');
          await say(t, loose, 'the deploy key lives in the vault, row five');
          const stranger = tenant();
          const theirs = channel(stranger, 'theirs');
          await say(stranger, theirs, 'the deploy key lives in the vault, row six', { projectId: PROJECT });

          expect(await searchBoth(t, asking)).toEqual([[own.id], [own.id]]);
          // the other tenant's channel of the same project sees its own message only
          const [text, vectors] = await searchBoth(stranger, theirs);
          expect(text).toHaveLength(1);
          expect(vectors).toEqual(text);
          expect(text[0]).not.toBe(own.id);
        });
      });

      it('should store a message without a vector, found by text only', async () => {
        const t = tenant();
        const c = channel(t);
        const m = await say(t, c, 'no vector for this one', { vector: false });

        expect(ids(await store.searchMessageText(t, 'vector', 5, { channelId: c }))).toEqual([m.id]);
        await expect(
          store.searchMessageVectors(t, await embed('no vector for this one'), 5, { channelId: c }),
        ).resolves.toEqual([]);
      });
    });

    describe('messageNeighbours', () => {
      it('should give the messages before and after each seed in its channel, nearest first', async () => {
        const t = tenant();
        const c = channel(t);
        const [a, b, m, d, e] = [
          await say(t, c, 'a'),
          await say(t, c, 'b'),
          await say(t, c, 'm'),
          await say(t, c, 'd'),
          await say(t, c, 'e'),
        ];
        const found = await store.messageNeighbours(t, [m.id], 2);

        expect(found.sort((x, y) => x.offset - y.offset)).toEqual([
          { seedId: m.id, id: a.id, offset: -2 },
          { seedId: m.id, id: b.id, offset: -1 },
          { seedId: m.id, id: d.id, offset: 1 },
          { seedId: m.id, id: e.id, offset: 2 },
        ]);
        await expect(store.messageNeighbours(tenant(), [m.id], 2)).resolves.toEqual([]);
      });
    });

    describe('EXTRACTED_FROM', () => {
      it('should link a memory to its message once, only within the tenant, and forget the link with the memory', async () => {
        const t = tenant();
        const c = channel(t);
        const m = await say(t, c, 'I am allergic to peanuts');
        const memory = await remember(memories, t, 'The user is allergic to peanuts');
        const stranger = await remember(memories, tenant(), 'Someone else entirely');

        await expect(store.linkExtracted(t, memory.id, m.id, at(1))).resolves.toBe(true);
        await expect(store.linkExtracted(t, memory.id, m.id, at(2))).resolves.toBe(true);
        await expect(store.linkExtracted(t, stranger.id, m.id, at(3))).resolves.toBe(false);
        await expect(store.extractedFrom(t, m.id)).resolves.toEqual([memory.id]);

        await memories.deleteMemory(t, memory.id);
        await memories.deleteMemory(stranger.tenantId, stranger.id);
        await expect(store.extractedFrom(t, m.id)).resolves.toEqual([]);
      });
    });

    describe('owed work (the recovery sweep, every tenant)', () => {
      it('should list the messages owed extraction at or before a time, newest first, in every tenant', async () => {
        const [t1, t2] = [tenant(), tenant()];
        const [c1, c2] = [channel(t1), channel(t2)];
        const early = await say(t1, c1, 'I moved to Lisbon', { createdAt: at(10) });
        const other = await say(t2, c2, 'I work at Acme', { createdAt: at(20) });
        const tooNew = await say(t1, c1, 'I prefer tea', { createdAt: at(30) });
        const done = await say(t1, c1, 'My name is Ada', { createdAt: at(15) });
        await store.markExtracted(t1, [done.id], at(40));
        const mine = new Set([early.id, other.id, tooNew.id, done.id]);

        const owed = (await store.listOwedExtractions(null, at(25), 10_000)).filter((o) => mine.has(o.messageId));
        expect(owed).toEqual([
          { tenantId: t2, messageId: other.id },
          { tenantId: t1, messageId: early.id },
        ]);
        expect(
          (await store.listOwedExtractions(null, at(30), 10_000))
            .filter((o) => mine.has(o.messageId))
            .map((o) => o.messageId),
        ).toEqual([tooNew.id, other.id, early.id]);
        await expect(store.listOwedExtractions(t1, at(30), 10_000)).resolves.toEqual([
          { tenantId: t1, messageId: tooNew.id },
          { tenantId: t1, messageId: early.id },
        ]);
        await expect(store.listOwedExtractions(t1, at(30), 1)).resolves.toEqual([
          { tenantId: t1, messageId: tooNew.id },
        ]);
        await expect(store.listOwedExtractions(t1, at(30), 0)).resolves.toEqual([]);
      });

      it('should list the messages without a vector, store theirs once, and make them vector-searchable in their own tenant only', async () => {
        const [t1, t2] = [tenant(), tenant()];
        const [c1, c2] = [channel(t1), channel(t2)];
        const withVector = await say(t1, c1, 'The deploy runs at dawn', { createdAt: at(10) });
        const early = await say(t1, c1, 'Lunch is at noon', { createdAt: at(11), speaker: 'Ada', vector: false });
        const other = await say(t2, c2, 'The printer is on floor two', { createdAt: at(20), vector: false });
        const tooNew = await say(t1, c1, 'The backup runs nightly', { createdAt: at(30), vector: false });
        const mine = new Set([withVector.id, early.id, other.id, tooNew.id]);

        const owed = (await store.listOwedVectors(null, at(25), 10_000)).filter((o) => mine.has(o.messageId));
        expect(owed).toEqual([
          { tenantId: t2, messageId: other.id, speaker: null, content: 'The printer is on floor two' },
          { tenantId: t1, messageId: early.id, speaker: 'Ada', content: 'Lunch is at noon' },
        ]);
        await expect(store.listOwedVectors(t1, at(30), 1)).resolves.toEqual([
          expect.objectContaining({ messageId: tooNew.id }),
        ]);
        await expect(store.listOwedVectors(t1, at(30), 0)).resolves.toEqual([]);
        await expect(
          store.searchMessageVectors(t1, await embed('Lunch is at noon'), 3, { channelId: c1 }),
        ).resolves.not.toContainEqual(expect.objectContaining({ id: early.id }));

        // another tenant's id and a message that already has a vector are not written
        await expect(
          store.saveMessageVectors(t2, [{ messageId: early.id, vector: await embed('hijack') }]),
        ).resolves.toBe(0);
        await expect(
          store.saveMessageVectors(t1, [{ messageId: withVector.id, vector: await embed('overwrite') }]),
        ).resolves.toBe(0);
        await expect(
          store.saveMessageVectors(t1, [
            { messageId: early.id, vector: await embed('Ada: Lunch is at noon') },
            { messageId: randomUUID(), vector: await embed('gone') },
          ]),
        ).resolves.toBe(1);
        await expect(
          store.saveMessageVectors(t1, [{ messageId: early.id, vector: await embed('again') }]),
        ).resolves.toBe(0);

        const hits = await store.searchMessageVectors(t1, await embed('Ada: Lunch is at noon'), 3, { channelId: c1 });
        expect(hits[0]).toEqual({ id: early.id, score: expect.closeTo(1, harness.vectorScoreDigits) as number });
        // shared across channels like an appended GUARDIAN message
        expect(ids(await store.searchMessageVectors(t1, await embed('Ada: Lunch is at noon'), 3, {}))).toContain(
          early.id,
        );
        await expect(
          store.searchMessageVectors(t2, await embed('Ada: Lunch is at noon'), 3, {}),
        ).resolves.not.toContainEqual(expect.objectContaining({ id: early.id }));
        expect(
          (await store.listOwedVectors(null, at(30), 10_000))
            .filter((o) => mine.has(o.messageId))
            .map((o) => o.messageId),
        ).toEqual([tooNew.id, other.id]);
      });

      it('should list the channels whose live tokens pass the share of their budget, with their newest live message', async () => {
        const [t, u] = [tenant(), tenant()];
        const settings = (tokenBudget: number | null) => ({ private: false, projectId: null, tokenBudget });
        // own budget 10: 5 + 4 live tokens pass 80%; the newest is the later createdAt, not the later append
        const over = channel(t, 'over');
        await store.configureChannel(t, over, settings(10), at(1));
        const newest = await say(t, over, 'five tokens of text here', { tokenCount: 5, createdAt: at(50) });
        await say(t, over, 'four tokens of text', { tokenCount: 4, createdAt: at(40) });
        // exactly 80% is not over
        const edge = channel(t, 'edge');
        await store.configureChannel(t, edge, settings(10), at(1));
        await say(t, edge, 'eight', { tokenCount: 8 });
        // over before compaction, under once its oldest message is summarised
        const compacted = channel(t, 'compacted');
        await store.configureChannel(t, compacted, settings(10), at(1));
        const old = await say(t, compacted, 'old', { tokenCount: 6 });
        await say(t, compacted, 'new', { tokenCount: 3 });
        await store.insertSummary({ summary: summary(t, compacted, null), messageIds: [old.id] });
        // the default budget (20 here): 17 passes 16 in another tenant, 10 does not
        const byDefault = channel(u, 'default');
        const uNewest = await say(u, byDefault, 'seventeen', { tokenCount: 17 });
        const quiet = channel(u, 'quiet');
        await say(u, quiet, 'ten', { tokenCount: 10 });
        const mine = new Set([over, edge, compacted, byDefault, quiet]);

        const listed = (await store.listChannelsOverBudget(null, 20, 0.8, 10_000)).filter((c) => mine.has(c.channelId));
        expect(listed).toEqual([
          { tenantId: u, channelId: byDefault, liveTokens: 17, budget: 20, newestLiveMessageId: uNewest.id },
          { tenantId: t, channelId: over, liveTokens: 9, budget: 10, newestLiveMessageId: newest.id },
        ]);
        await expect(store.listChannelsOverBudget(t, 20, 0.8, 10_000)).resolves.toEqual([listed[1]]);
        await expect(store.listChannelsOverBudget(u, 20, 0.8, 1)).resolves.toEqual([listed[0]]);
        await expect(store.listChannelsOverBudget(u, 20, 0.8, 0)).resolves.toEqual([]);
      });
    });

    describe('backlog (the gauges of owed work)', () => {
      it('should count the owed vectors, extractions and channels over budget of a tenant, oldest by when stored', async () => {
        const [t, u] = [tenant(), tenant()];
        const settings = (tokenBudget: number | null) => ({ private: false, projectId: null, tokenBudget });
        const budget = { defaultBudget: 20, share: 0.8 };
        await expect(store.backlog(t, budget)).resolves.toEqual({
          vectors: { items: 0, oldest: null },
          extractions: { items: 0, oldest: null },
          compactions: { items: 0, oldest: null },
        });

        const before = Date.now();
        const c = channel(t);
        await store.configureChannel(t, c, settings(10), at(1));
        // createdAt years back (an import or a replay): the age counts from when it was stored
        const first = await say(t, c, 'five tokens of text here', { tokenCount: 5, vector: false, createdAt: at(1) });
        await say(t, c, 'four tokens of text', { tokenCount: 4, vector: false, createdAt: at(2) });
        await say(t, c, 'one', { tokenCount: 1 });
        await store.markExtracted(t, [first.id], at(3));
        const after = Date.now();
        // another tenant's owed work is not this tenant's
        await say(u, channel(u), 'seventeen', { tokenCount: 17, vector: false });

        const backlog = await store.backlog(t, budget);
        expect(backlog).toEqual({
          vectors: { items: 2, oldest: expect.any(Date) as Date },
          extractions: { items: 2, oldest: expect.any(Date) as Date },
          compactions: { items: 1, oldest: expect.any(Date) as Date },
        });
        for (const owed of [backlog.vectors, backlog.extractions, backlog.compactions]) {
          expect(owed.oldest?.getTime()).toBeGreaterThanOrEqual(before - 1000);
          expect(owed.oldest?.getTime()).toBeLessThanOrEqual(after + 1000);
        }

        await store.saveMessageVectors(
          t,
          await Promise.all(
            (await store.listOwedVectors(t, at(100_000_000), 10)).map(async (o) => ({
              messageId: o.messageId,
              vector: await embed(o.content),
            })),
          ),
        );
        const rest = await store.listOwedExtractions(t, at(100_000_000), 10);
        await store.markExtracted(
          t,
          rest.map((o) => o.messageId),
          at(4),
        );
        await expect(store.backlog(t, budget)).resolves.toMatchObject({
          vectors: { items: 0, oldest: null },
          extractions: { items: 0, oldest: null },
        });
        const all = await store.backlog(null, budget);
        expect(all.vectors.items).toBeGreaterThanOrEqual(1);
        expect(all.compactions.items).toBeGreaterThanOrEqual(1);
      });
    });

    describe('summaries', () => {
      it('should compact messages into a summary atomically, once', async () => {
        const t = tenant();
        const c = channel(t);
        const [m1, m2, m3] = [await say(t, c, 'one two'), await say(t, c, 'three four'), await say(t, c, 'five six')];
        const s1 = summary(t, c, null);

        await expect(store.insertSummary({ summary: s1, messageIds: [m1.id, m2.id] })).resolves.toEqual(s1);
        await expect(store.getSummary(t, s1.id)).resolves.toEqual(s1);
        await expect(store.getSummary(tenant(), s1.id)).resolves.toBeNull();
        await expect(store.summarizedBy(t, s1.id)).resolves.toEqual([m1.id, m2.id]);
        await expect(store.getChannel(t, c)).resolves.toMatchObject({ summaryId: s1.id });
        await expect(store.liveStats(t, c)).resolves.toEqual({ tokens: 2, count: 1 });
        expect(ids(await store.listMessages(t, c, { limit: 10, end: 'oldest', live: true }))).toEqual([m3.id]);
        const [read] = await store.getMessages(t, [m1.id]);
        expect(read?.summaryId).toBe(s1.id);
      });

      it('should write nothing when a message is no longer live or another summary replaced the one it expects', async () => {
        const t = tenant();
        const c = channel(t);
        const [m1, m2, m3] = [await say(t, c, 'one'), await say(t, c, 'two'), await say(t, c, 'three')];
        const s1 = summary(t, c, null);
        await store.insertSummary({ summary: s1, messageIds: [m1.id] });

        const stale = summary(t, c, null);
        await expect(store.insertSummary({ summary: stale, messageIds: [m2.id] })).resolves.toBeNull();
        const overlapping = summary(t, c, s1.id);
        await expect(store.insertSummary({ summary: overlapping, messageIds: [m1.id, m2.id] })).resolves.toBeNull();

        await expect(store.getSummary(t, stale.id)).resolves.toBeNull();
        await expect(store.getSummary(t, overlapping.id)).resolves.toBeNull();
        await expect(store.liveStats(t, c)).resolves.toEqual({ tokens: 2, count: 2 });
        const s2 = summary(t, c, s1.id);
        await expect(store.insertSummary({ summary: s2, messageIds: [m2.id, m3.id] })).resolves.toEqual(s2);
        await expect(store.getChannel(t, c)).resolves.toMatchObject({ summaryId: s2.id });
      });

      it('should let exactly one of two concurrent compactions of the same messages win', async () => {
        const t = tenant();
        const c = channel(t);
        const [m1, m2] = [await say(t, c, 'one'), await say(t, c, 'two')];
        const results = await Promise.all([
          store.insertSummary({ summary: summary(t, c, null, 'A'), messageIds: [m1.id, m2.id] }),
          store.insertSummary({ summary: summary(t, c, null, 'B'), messageIds: [m1.id, m2.id] }),
        ]);

        expect(results.filter((r) => r !== null)).toHaveLength(1);
        await expect(store.liveStats(t, c)).resolves.toEqual({ tokens: 0, count: 0 });
      });
    });
  });
}
