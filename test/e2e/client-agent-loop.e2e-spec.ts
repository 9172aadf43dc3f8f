import { EngramClient, EngramError } from '@engram/client';
import { agentTurn } from 'packages/client/examples/agent-loop';

import { origin } from 'test/e2e/support/rest-client';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { FakeOpenAiServer } from 'test/support/fake-openai-server';

/** The TypeScript client (packages/client) and its agent-loop example against the booted service; the model is the fake. */
describe('the typed client and its agent loop (e2e)', () => {
  let t: TestApp;
  let model: FakeOpenAiServer;

  beforeAll(async () => {
    t = await startTestApp();
    model = await startFakeOpenAiServer();
    // the fake model answers from its system prompt: what Engram put there is what it "knows"
    model.setChatHandler((request) => {
      const system = request.messages[0]?.content ?? '';

      return reply.text(system.includes('Lisbon') ? 'You live in Lisbon.' : 'I do not know where you live.');
    });
  });

  afterAll(async () => {
    await model.close();
    await t.close();
  });

  it('remembers across turns: the second answer uses what the first turn taught', async () => {
    const engram = new EngramClient({ url: origin(t), apiKey: KEYS.alice });
    const llm = { baseUrl: model.url, apiKey: 'test', model: 'fake' };

    expect(await agentTurn(engram, llm, 'loop', 'I live in Lisbon.')).toBe('You live in Lisbon.');
    expect(await agentTurn(engram, llm, 'loop', 'Where do I live?')).toBe('You live in Lisbon.');
    // a new user (bob) has told nothing
    const bobs = new EngramClient({ url: origin(t), apiKey: KEYS.bob });
    expect(await agentTurn(bobs, llm, 'loop', 'Where do I live?')).toBe('I do not know where you live.');

    const page = await engram.messagePage('loop', 3);
    expect(page.items.map((m) => `${m.role}: ${m.content}`)).toEqual([
      'ASSISTANT: You live in Lisbon.',
      'USER: Where do I live?',
      'ASSISTANT: You live in Lisbon.',
    ]);
    expect(page.nextCursor).not.toBeNull();
    const older = await engram.messagePage('loop', 3, page.nextCursor);
    expect(older.items.map((m) => m.content)).toEqual(['I live in Lisbon.']);
    expect((await engram.channels()).items.map((c) => c.id)).toEqual(['loop']);
  });

  it('types every agent call, and throws EngramError with the service’s code', async () => {
    const engram = new EngramClient({ url: origin(t), apiKey: KEYS.alice });
    const remembered = await engram.remember({ content: 'The user collects vintage maps', tags: ['hobby'] });
    expect(remembered.outcome).toBe('CREATED');
    const id = remembered.memory?.id ?? '';
    const recalled = await engram.recall({ query: 'vintage maps' });
    expect(recalled.hits[0]?.memory.id).toBe(id);
    expect(recalled.hits[0]?.memory.fading).toBe(false);
    const hits = await engram.searchMessages({ query: 'Lisbon' });
    expect(hits.map((h) => h.message.content)).toContain('I live in Lisbon.');
    const context = await engram.context({ channelId: 'loop' });
    expect(context.text).toContain('Lisbon');
    expect((await engram.forget(id)).status).toBe('FORGOTTEN');
    expect(await engram.bulletin()).not.toBeUndefined();

    const wrong = new EngramClient({ url: origin(t), apiKey: 'not-a-key-at-all' });
    const refused = await wrong.recall({ query: 'maps' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EngramError);
    expect(refused).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    const bad = await engram.recall({ query: 'maps', limit: 0 }).catch((error: unknown) => error);
    expect(bad).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
