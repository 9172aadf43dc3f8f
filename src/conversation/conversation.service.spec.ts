import { BadInputError, NotFoundError } from 'src/common/errors';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageRole } from 'src/domain/conversation.enums';
import { JobName } from 'src/domain/job.types';
import { MemoryStatus, WriteOutcome } from 'src/domain/memory.enums';
import { OpenAiLlmClient } from 'src/llm/openai-llm.client';
import { startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { FakeOpenAiServer } from 'test/support/fake-openai-server';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit, ServiceKitOptions } from 'test/support/service-kit';

// each test opens a SQLite store and a Nest context: well under a second alone, seconds on a busy shared machine
jest.setTimeout(20_000);

/**
 * appendMessage's orchestration over a real SQLite store: the message is stored first, the same turn's memories are
 * written from it, and the work it owes is offered to the queue. Paging, configuring and compacting channels too.
 * (The policies are in compaction.policy.spec and the extractor specs; the API in test/e2e/conversation*.)
 */
describe(ConversationService.name, () => {
  const tenant = 'acme';
  let kit: ServiceKit;
  let sut: ConversationService;

  async function open(options: ServiceKitOptions = {}): Promise<void> {
    kit = await openServiceKit(options);
    sut = kit.get(ConversationService);
  }

  function say(content: string, channelId = 'general', role = MessageRole.USER) {
    return sut.append(tenant, { channelId, role, content });
  }

  afterEach(() => kit.close());

  describe('without an LLM', () => {
    beforeEach(() => open());

    it('should store the message, then the memory the same turn states, pointing back at the message', async () => {
      const outcome = await say('My name is Alice and I live in Lisbon');

      const [stored] = await kit.stores.conversations.listMessages(tenant, 'general', { limit: 10, end: 'newest' });
      expect(stored).toMatchObject({ id: outcome.message.id, content: 'My name is Alice and I live in Lisbon' });
      expect(outcome.extracted.map((e) => e.outcome)).toContain(WriteOutcome.CREATED);
      const memoryIds = outcome.extracted.flatMap((e) => (e.memory ? [e.memory.id] : []));
      const memories = await kit.stores.memories.getMemories(tenant, memoryIds);
      expect(memories.length).toBeGreaterThan(0);
      expect(memories.every((m) => m.source.messageId === outcome.message.id && m.status === MemoryStatus.ACTIVE)).toBe(
        true,
      );
      expect((await kit.stores.conversations.extractedFrom(tenant, outcome.message.id)).sort()).toEqual(
        memoryIds.sort(),
      );
    });

    it('should mark the message extracted and owe no LLM job', async () => {
      const outcome = await say('I moved to Porto last spring');
      await kit.queue.drain();

      expect(outcome.message.extractedAt).not.toBeNull();
      expect(kit.jobs.filter((j) => j.name === JobName.ExtractMessage)).toEqual([]);
    });

    it('should write no memory from an assistant message', async () => {
      const outcome = await say('Your name is Mallory and you live on the moon', 'general', MessageRole.ASSISTANT);

      expect(outcome.extracted).toEqual([]);
      expect(
        await kit.stores.memories.queryByMetadata(tenant, { statuses: [MemoryStatus.ACTIVE] }, 'recent', 10),
      ).toEqual([]);
    });

    it('should refuse a message for another project of an existing channel, and store nothing', async () => {
      await sut.configure(tenant, { channelId: 'general', projectId: 'apollo' });

      await expect(
        sut.append(tenant, { channelId: 'general', role: MessageRole.USER, content: 'hello', projectId: 'gemini' }),
      ).rejects.toThrow(BadInputError);
      expect(await kit.stores.conversations.listMessages(tenant, 'general', { limit: 10, end: 'newest' })).toEqual([]);
    });

    it('should offer compaction once the live messages pass 80% of the channel budget, naming the message it runs through', async () => {
      await sut.configure(tenant, { channelId: 'general', tokenBudget: 20 });
      const first = await say('We planned the kitchen renovation for the spring.');
      const second = await say('The tiles arrive on Monday and the plumber comes on Wednesday afternoon.');
      await kit.queue.drain();

      expect(first.compactionQueued).toBe(false);
      expect(second.compactionQueued).toBe(true);
      expect(kit.jobs.filter((j) => j.name === JobName.CompactChannel)).toEqual([
        {
          name: JobName.CompactChannel,
          payload: { tenantId: tenant, channelId: 'general', throughMessageId: second.message.id, forced: false },
        },
      ]);
    });

    it('should compact on demand only when there is something to compact, and name unknown channels', async () => {
      await expect(sut.compact(tenant, 'nowhere')).rejects.toThrow(NotFoundError);
      await say('We planned the kitchen renovation for the spring.');
      expect(await sut.compact(tenant, 'general')).toBe(false);
      const newest = await say('The tiles arrive on Monday.');

      expect(await sut.compact(tenant, 'general')).toBe(true);
      await kit.queue.drain();
      expect(kit.jobs.filter((j) => j.name === JobName.CompactChannel).map((j) => j.payload)).toEqual([
        { tenantId: tenant, channelId: 'general', throughMessageId: newest.message.id, forced: true },
      ]);
    });

    it('should page messages from the newest back, each page oldest first, until the cursor runs out', async () => {
      const sent: string[] = [];
      for (const content of ['one', 'two', 'three', 'four', 'five']) {
        sent.push((await say(`Message number ${content}`)).message.id);
      }

      const first = await sut.messagePage(tenant, 'general', 2, null);
      const second = await sut.messagePage(tenant, 'general', 2, first.nextCursor);
      const third = await sut.messagePage(tenant, 'general', 2, second.nextCursor);

      expect([first, second, third].map((page) => page.items.map((m) => m.id))).toEqual([
        sent.slice(3),
        sent.slice(1, 3),
        sent.slice(0, 1),
      ]);
      expect(third.nextCursor).toBeNull();
      await expect(sut.messagePage(tenant, 'nowhere', 2, null)).rejects.toThrow(NotFoundError);
    });

    it('should keep what configure is not told: the project stays, the budget falls back to the default on null', async () => {
      await sut.configure(tenant, { channelId: 'general', projectId: 'apollo', tokenBudget: 500 });
      const kept = await sut.configure(tenant, { channelId: 'general', private: true });
      const reset = await sut.configure(tenant, { channelId: 'general', tokenBudget: null });

      expect(kept).toMatchObject({ projectId: 'apollo', private: true, tokenBudget: 500, effectiveTokenBudget: 500 });
      expect(reset).toMatchObject({
        projectId: 'apollo',
        tokenBudget: null,
        effectiveTokenBudget: kit.config.conversations.tokenBudget,
      });
    });

    it("should keep each tenant's channels apart", async () => {
      await say('We planned the kitchen renovation for the spring.');

      expect(await sut.channel('globex', 'general')).toBeNull();
      expect((await sut.channels('globex', 10, null)).items).toEqual([]);
    });
  });

  describe('with an LLM', () => {
    let llm: FakeOpenAiServer;

    beforeAll(async () => {
      llm = await startFakeOpenAiServer();
    });

    afterAll(() => llm.close());

    beforeEach(() =>
      open({
        llm: new OpenAiLlmClient({ model: 'fake', baseURL: llm.url, apiKey: 'test', timeoutMs: 5_000 }),
        env: { LLM: 'openai' },
      }),
    );

    it('should leave the message owed (extractedAt null) and offer one extraction job for it', async () => {
      const outcome = await say('I moved to Porto last spring');
      await kit.queue.drain();

      expect(outcome.message.extractedAt).toBeNull();
      expect(kit.jobs.filter((j) => j.name === JobName.ExtractMessage)).toEqual([
        { name: JobName.ExtractMessage, payload: { tenantId: tenant, messageId: outcome.message.id } },
      ]);
    });

    it('should owe nothing for a low-value message', async () => {
      const outcome = await say('ok thanks');
      await kit.queue.drain();

      expect(outcome.message.extractedAt).not.toBeNull();
      expect(kit.jobs.filter((j) => j.name === JobName.ExtractMessage)).toEqual([]);
    });
  });
});
