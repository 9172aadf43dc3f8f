import { BadInputError } from 'src/common/errors';
import { CONTEXT_POLICY } from 'src/conversation/context-split';
import { ContextService } from 'src/conversation/context.service';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { CONSTRAINT_TAG, MemoryScope } from 'src/domain/memory.enums';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import type { RememberRequest } from 'src/memory/remember-input';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit } from 'test/support/service-kit';

// each test opens a SQLite store and a Nest context: well under a second alone, seconds on a busy shared machine
jest.setTimeout(20_000);

/**
 * `context`'s gathering over a real SQLite store: constraints, the bulletin, recalled memories, messages of other
 * conversations, the channel's own messages; the budget decisions are assembleContext's (context-budget.spec).
 */
describe(ContextService.name, () => {
  const tenant = 'acme';
  let kit: ServiceKit;
  let sut: ContextService;

  async function remember(content: string, extra: Omit<RememberRequest, 'content'> = {}) {
    return (await kit.get(MemoryWriteService).remember(tenant, { ...extra, content })).memory!;
  }

  function say(channelId: string, content: string, role = MessageRole.USER) {
    return kit.get(ConversationService).append(tenant, { channelId, role, content });
  }

  beforeEach(async () => {
    kit = await openServiceKit();
    sut = kit.get(ContextService);
  });

  afterEach(() => kit.close());

  it('should bring the memories the query is about, and the channel messages oldest first', async () => {
    const bees = await remember('The user keeps bees on the roof of the garage');
    const first = await say('garden', 'The hives need a new coat of paint.');
    const second = await say('garden', 'What colour should the hives be?', MessageRole.USER);

    const context = await sut.context(tenant, { channelId: 'garden', query: 'bees on the roof' });

    expect(context.memories.map((h) => h.memory.id)).toContain(bees.id);
    expect(context.messages.map((m) => m.id)).toEqual([first.message.id, second.message.id]);
    expect(context.text).toContain('The user keeps bees on the roof of the garage');
    expect(context.tokenCount).toBeLessThanOrEqual(8000);
  });

  it('should ask about the last user message when no query is given', async () => {
    const cello = await remember('The user plays the cello in an amateur orchestra');
    await say('music', 'Which instrument do I play in the orchestra?');
    await say('music', 'Let me check my notes.', MessageRole.ASSISTANT);

    const context = await sut.context(tenant, { channelId: 'music' });

    expect(context.memories.map((h) => h.memory.id)).toContain(cello.id);
  });

  it('should recall nothing, and embed nothing, without a query or a user message', async () => {
    await remember('The user plays the cello in an amateur orchestra');
    const embedded = kit.embedder.texts.length;

    const context = await sut.context(tenant, { channelId: 'empty' });

    expect(context.memories).toEqual([]);
    expect(context.messages).toEqual([]);
    expect(kit.embedder.texts).toHaveLength(embedded);
  });

  it('should always include constraints, once, and only those visible from the channel and project', async () => {
    const rule = await remember('Never commit secrets to the repository', { tags: [CONSTRAINT_TAG] });
    await remember('Deploys to the apollo cluster need two approvals', {
      tags: [CONSTRAINT_TAG],
      scope: MemoryScope.PROJECT,
      projectId: 'apollo',
    });

    const context = await sut.context(tenant, { channelId: 'general', query: 'commit secrets to the repository' });

    expect(context.constraints.map((c) => c.id)).toEqual([rule.id]);
    expect(context.memories.map((h) => h.memory.id)).not.toContain(rule.id);
    expect(context.text).toContain('Never commit secrets to the repository');
  });

  it("should include the tenant's latest bulletin", async () => {
    await kit.stores.bulletins.saveBulletin({
      id: 'b1',
      tenantId: tenant,
      content: 'The user is Alice, a beekeeper in Lisbon.',
      generatedAt: new Date(),
      memoryIds: [],
      marker: 'm',
      digest: 'd',
      source: 'template',
    });

    const context = await sut.context(tenant, { channelId: 'general', query: 'anything' });
    const other = await sut.context('globex', { channelId: 'general', query: 'anything' });

    expect(context.bulletin).toBe('The user is Alice, a beekeeper in Lisbon.');
    expect(other.bulletin).toBeNull();
  });

  it('should bring a matching message of another conversation among the earlier messages', async () => {
    const old = await say('kitchen', 'The plumber comes on Wednesday to fix the kitchen sink.');

    const context = await sut.context(tenant, { channelId: 'general', query: 'when does the plumber come' });

    expect(context.earlierMessages.map((hit) => hit.message.id)).toContain(old.message.id);
  });

  it("should bring the shared earlier turns of the project's other channels, once, naming their channel", async () => {
    const conversations = kit.get(ConversationService);
    await conversations.configure(tenant, { channelId: 'api', projectId: 'apollo' });
    await conversations.configure(tenant, { channelId: 'vault', projectId: 'apollo', private: true });
    const shared = await conversations.append(tenant, {
      channelId: 'ops',
      role: MessageRole.USER,
      content: 'The staging database password rotates every ninety days.',
      projectId: 'apollo',
    });
    // its neighbour is not the guardian's: searchable in its own channel only
    await conversations.append(tenant, {
      channelId: 'ops',
      role: MessageRole.USER,
      content: 'Zanzibar says the staging database password rotates weekly.',
      trust: Trust.UNKNOWN,
    });
    await say('vault', 'The staging database password rotates every ninety days, says the vault.');
    await say('api', 'We moved the staging database to the new cluster.');
    await say('api', 'How often does the staging database password rotate?');

    const context = await sut.context(tenant, { channelId: 'api' });

    const line = context.text.split('\n').find((l) => l.includes(shared.message.content));
    expect(line).toMatch(/^\[earlier, channel ops, \d{4}-\d\d-\d\d \d\d:\d\d\] user: /u);
    expect(context.text.split(shared.message.content)).toHaveLength(2);
    expect(context.text).toContain('## Earlier turns of this conversation and of its project');
    expect(context.text).not.toContain('says the vault');
    expect(context.text).not.toContain('Zanzibar');
    // a channel without the project: its own turns only (the shared message is among the other conversations)
    const alone = await sut.context(tenant, { channelId: 'general', query: 'staging database password rotate' });
    expect(alone.text).not.toContain('channel ops');
    expect(alone.earlierMessages.map((hit) => hit.message.id)).toContain(shared.message.id);
    // with neighbours (a policy the benchmark may choose): the sibling's turn without its stranger's reply
    const material = await sut.materialWithVector(tenant, { channelId: 'api' }, null, {
      ...CONTEXT_POLICY,
      neighboursBelow: 1000,
    });
    const sibling = material.turns.find((t) => t.message.id === shared.message.id);
    expect(sibling?.neighbours).toEqual([]);
    expect(material.turns.filter((t) => t.message.channelId === 'api').flatMap((t) => t.neighbours)).not.toEqual([]);
  });

  it('should refuse a bad request before reading anything', async () => {
    await expect(sut.context(tenant, { channelId: '' })).rejects.toThrow(BadInputError);
    await expect(sut.context(tenant, { channelId: 'general', tokenBudget: 0 })).rejects.toThrow(BadInputError);

    expect(kit.embedder.texts).toEqual([]);
  });

  it("should never show another tenant's memories or messages", async () => {
    await remember('The user keeps bees on the roof of the garage');
    await say('garden', 'The hives need a new coat of paint.');

    const context = await sut.context('globex', { channelId: 'garden', query: 'bees hives paint' });

    expect(context).toMatchObject({ memories: [], messages: [], earlierMessages: [], constraints: [] });
  });
});
