import { APPEND, MESSAGES } from 'test/e2e/support/conversation-api';
import { ALL_STATUSES, MemoryApi, REMEMBER } from 'test/e2e/support/memory-api';
import { codes, expectData, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/**
 * Stored text (memory content and context, message content) never holds NUL or another control
 * character. Such input is refused with BAD_USER_INPUT naming the field and the character, and nothing is written;
 * tab, line feed and carriage return stay allowed.
 */

const IMPORT = `mutation($items: [ImportMemoryInput!]!) { importMemories(items: $items) { created } }`;
const CHANNEL = 'control-chars';

const hostile: [string, string][] = [
  ['NUL', 'The user keeps the spare key\u0000 under the blue flowerpot'],
  ['a bell', 'The user keeps the spare key\u0007 under the blue flowerpot'],
  ['an escape sequence', 'The user keeps the spare key \u001b[31munder the blue flowerpot'],
  ['DEL', 'The user keeps the spare key\u007f under the blue flowerpot'],
  ['a C1 control', 'The user keeps the spare key\u0085 under the blue flowerpot'],
  ['a vertical tab', 'The user keeps the spare key\u000b under the blue flowerpot'],
];

describe('control characters in stored text', () => {
  let t: TestApp;
  let api: MemoryApi;
  beforeAll(async () => {
    t = await startTestApp();
    api = new MemoryApi(t);
  });
  afterAll(() => t.close());

  async function messages(): Promise<unknown[]> {
    const res = await t.gql<{ messages: unknown[] }>(MESSAGES, { channelId: CHANNEL, limit: 100 });

    return expectData(res, 'messages').messages;
  }

  it.each(hostile)(
    'refuses %s in remember content and context, importMemories and appendMessage',
    async (_name, text) => {
      const rejected = [
        [
          await t.gql(REMEMBER, { input: { content: text } }),
          /content contains a control character \(U\+00[0-9A-F]{2}\)/,
        ],
        [
          await t.gql(REMEMBER, { input: { content: 'The user keeps the spare key under the pot', context: text } }),
          /context contains a control character/,
        ],
        [
          await t.gql(IMPORT, {
            items: [
              { content: 'The user likes green tea in the morning' },
              { content: text },
              { content: 'The user walks to work' },
            ],
          }),
          /items\[1\]: content contains a control character/,
        ],
        [
          await t.gql(APPEND, { input: { channelId: CHANNEL, role: 'USER', content: text } }),
          /content contains a control character/,
        ],
      ] as const;

      for (const [res, message] of rejected) {
        expect(codes(res)).toEqual(['BAD_USER_INPUT']);
        expect(res.errors?.[0]?.message).toMatch(message);
        expect(res.errors?.[0]?.message).toMatch(/only tab, line feed and carriage return/);
      }
      expect(await api.list(ALL_STATUSES)).toEqual([]);
      expect(await messages()).toEqual([]);
    },
  );

  it('keeps tab, line feed and carriage return', async () => {
    const content = 'Packing list for the trip:\r\n\t- passport\n\t- charger';
    const result = await api.remember({ content, explicit: true });
    expect(result.outcome).toBe('CREATED');
    expect((await api.get(result.memory!.id)).content).toBe(content);
    const appended = await t.gql(APPEND, {
      input: { channelId: CHANNEL, role: 'USER', content: 'line one\n\tline two' },
    });
    expect(appended.errors).toBeUndefined();
  });
});
