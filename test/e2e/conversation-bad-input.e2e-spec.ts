import {
  APPEND,
  COMPACT,
  CONFIGURE,
  CONTEXT,
  ConversationApi,
  MESSAGES,
  SEARCH,
} from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { codes, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

jest.setTimeout(60_000);

const MAX_CONTENT_BYTES = 2000;
const TARGET = 'target-channel';
const message = (input: Record<string, unknown>): Record<string, unknown> => ({
  channelId: TARGET,
  role: 'USER',
  content: 'My name is Anders',
  ...input,
});

describe('conversations: bad input (e2e)', () => {
  let t: TestApp;
  let api: ConversationApi;
  let memories: MemoryApi;

  beforeAll(async () => {
    t = await startTestApp({ MAX_CONTENT_BYTES: String(MAX_CONTENT_BYTES) });
    api = new ConversationApi(t);
    memories = new MemoryApi(t);
    await api.as(KEYS.bob).append({ channelId: 'bobs-channel', content: 'bob was here' });
  });
  afterAll(async () => {
    await t.close();
  });

  const cases: [string, string, Record<string, unknown>, RegExp][] = [
    ['an empty channel id', APPEND, { input: message({ channelId: '' }) }, /channelId must not be empty/],
    ['a channel id with spaces', APPEND, { input: message({ channelId: 'a b' }) }, /channelId must be/],
    ['empty content', APPEND, { input: message({ content: '   ' }) }, /content must not be empty/],
    [
      'content over the limit',
      APPEND,
      { input: message({ content: 'x'.repeat(MAX_CONTENT_BYTES + 1) }) },
      /limit is 2000 bytes/,
    ],
    ['an unknown role', APPEND, { input: message({ role: 'ROBOT' }) }, /ROBOT/],
    ['an unknown trust', APPEND, { input: message({ trust: 'BOSS' }) }, /BOSS/],
    ['a createdAt that is not a date', APPEND, { input: message({ createdAt: 'last tuesday' }) }, /createdAt|DateTime/],
    [
      'a createdAt of February 30',
      APPEND,
      { input: message({ createdAt: '2024-02-30T10:00:00Z' }) },
      /2024-02-30 is no day of the calendar/,
    ],
    ['a createdAt of month 13', APPEND, { input: message({ createdAt: '2024-13-01T10:00:00Z' }) }, /no day/],
    ['a speaker too long', APPEND, { input: message({ speaker: 'x'.repeat(101) }) }, /speaker must be at most 100/],
    ['a speaker with control characters', APPEND, { input: message({ speaker: 'Eve\u0000' }) }, /speaker/],
    ['a project id that is not a key', APPEND, { input: message({ projectId: 'no spaces please' }) }, /projectId/],
    [
      'tokenBudget 0',
      CONFIGURE,
      { input: { channelId: TARGET, tokenBudget: 0 } },
      /tokenBudget must be an integer from 1/,
    ],
    ['a negative tokenBudget', CONFIGURE, { input: { channelId: TARGET, tokenBudget: -5 } }, /tokenBudget/],
    ['an absurd tokenBudget', CONFIGURE, { input: { channelId: TARGET, tokenBudget: 2_000_000_000 } }, /tokenBudget/],
    ['an empty configured channel id', CONFIGURE, { input: { channelId: ' ' } }, /channelId must not be empty/],
    ['a context budget of 0', CONTEXT, { input: { channelId: TARGET, tokenBudget: 0 } }, /tokenBudget/],
    ['an absurd context budget', CONTEXT, { input: { channelId: TARGET, tokenBudget: 999_999_999 } }, /tokenBudget/],
    ['a context without a channel id', CONTEXT, { input: { channelId: '' } }, /channelId must not be empty/],
    [
      'a context query over the limit',
      CONTEXT,
      { input: { channelId: TARGET, query: 'q'.repeat(4001) } },
      /query is 4001 characters/,
    ],
    [
      'after later than before',
      SEARCH,
      { input: { query: 'x', after: '2024-05-02T00:00:00Z', before: '2024-05-01T00:00:00Z' } },
      /after must not be later than before/,
    ],
    ['an empty search query', SEARCH, { input: { query: '  ' } }, /query must not be empty/],
    ['a search limit of 0', SEARCH, { input: { query: 'x', limit: 0 } }, /limit must be an integer from 1 to 100/],
    ['a search date that is not a date', SEARCH, { input: { query: 'x', after: 'soon' } }, /after|DateTime/],
    ['a messages limit of 0', MESSAGES, { channelId: TARGET, limit: 0 }, /limit must be an integer from 1 to 500/],
    ['messages of an empty channel id', MESSAGES, { channelId: '' }, /channelId must not be empty/],
  ];

  it.each(cases)(
    'should refuse %s with BAD_USER_INPUT, saying what is wrong',
    async (_what, query, variables, message) => {
      const res = await t.gql(query, variables);

      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors?.[0]?.message).toMatch(message);
    },
  );

  it("should answer another tenant's channel as NOT_FOUND or as empty, never with its data", async () => {
    const compact = await t.gql(COMPACT, { channelId: 'bobs-channel' });

    expect(codes(compact)).toEqual(['NOT_FOUND']);
    await expect(api.messages('bobs-channel')).resolves.toEqual([]);
    await expect(api.channel('bobs-channel')).resolves.toBeNull();
    await expect(api.search({ query: 'bob was here', channelId: 'bobs-channel' })).resolves.toEqual([]);
    expect((await api.context({ channelId: 'bobs-channel' })).messages).toEqual([]);
    await expect(api.as(KEYS.bob).messages('bobs-channel')).resolves.toHaveLength(1);
  });

  it('should refuse a message whose project contradicts its channel', async () => {
    await api.configure({ channelId: 'project-channel', projectId: 'apollo' });
    const res = await t.gql(APPEND, {
      input: { channelId: 'project-channel', role: 'USER', content: 'hello', projectId: 'gemini' },
    });

    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    await expect(api.messages('project-channel')).resolves.toEqual([]);
  });

  it('should have written nothing for any of them', async () => {
    await expect(api.channel(TARGET)).resolves.toBeNull();
    await expect(api.messages(TARGET)).resolves.toEqual([]);
    await expect(memories.all()).resolves.toEqual([]);
  });
});
