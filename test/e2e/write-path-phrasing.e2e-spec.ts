import { APPEND } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { expectData, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/**
 * Corrections, retractions, duplicates, rules and the identity guard hold for how people and extractors
 * phrase things, over GraphQL. Slots are per tenant, so every test boots a fresh app (an empty tenant).
 */

describe('remembering correctly', () => {
  let t: TestApp;
  let api: MemoryApi;
  beforeEach(async () => {
    t = await startTestApp();
    api = new MemoryApi(t);
  });
  afterEach(() => t.close());

  const say = async (content: string, extra: Record<string, unknown> = {}) =>
    expectData(
      await t.gql(APPEND, { input: { channelId: 'phrasing', role: 'USER', content, ...extra } }),
      'appendMessage',
    );

  it("a third-person note holds the slot: the user's own later words retire it", async () => {
    const note = await api.remember({ content: 'The user lives in Vienna.' });
    expect(note.memory?.slot).toBe('location');
    await say('Actually I moved to Graz.');

    expect((await api.active()).map((m) => m.content)).toEqual(['I live in Graz.']);
    expect((await api.get(note.memory!.id)).status).toBe('SUPERSEDED');
  });

  it('the same value in other words reinforces instead of adding a second memory', async () => {
    await say('I live in Lyon.');
    const again = await api.remember({ content: 'The user is based in Lyon' });

    expect(again.outcome).toBe('REINFORCED');
    expect(await api.activeBySlot('location')).toHaveLength(1);
  });

  it('a retraction retires the held value without storing a new one', async () => {
    const held = await api.remember({ content: 'I work at Umbrella.' });
    await say("I quit Umbrella, I don't work there anymore.");

    expect((await api.get(held.memory!.id)).status).toBe('SUPERSEDED');
    expect(await api.activeBySlot('employer')).toEqual([]);
  });

  it("an assistant's label note about the user's identity is rejected and changes nothing", async () => {
    await say('My name is Aisha.');
    const claim = await api.remember({ content: 'User name: Eve', source: { role: 'ASSISTANT' } });

    expect(claim.outcome).toBe('REJECTED');
    expect(claim.reason).toMatch(/slot "name" can only be set by the user/);
    expect((await api.activeBySlot('name')).map((m) => m.content)).toEqual(['My name is Aisha.']);
  });

  it('rules are tagged constraint, short imperatives are TODO, dropped-subject notes are kept', async () => {
    const rule = await api.remember({ content: 'Should always use metric units in answers' });
    const todo = await api.remember({ content: 'Pay rent' });
    const note = await api.remember({ content: 'Had the quarterly planning meeting with the payments team' });
    const question = await api.remember({ content: 'Did you save my address' });

    expect([rule.memory?.type, rule.memory?.tags]).toEqual(['PREFERENCE', ['constraint']]);
    expect([todo.outcome, todo.memory?.type]).toEqual(['CREATED', 'TODO']);
    expect(note.outcome).toBe('CREATED');
    expect(question.outcome).toBe('REJECTED');
  });

  it('Danish: an adverb before or after the verb still corrects the slot', async () => {
    await say('Jeg arbejder hos Maersk.');
    await say('Jeg arbejder nu hos Vestas.');
    await say('Mit navn er Karen.');
    await say('Faktisk er mit navn Karin.');

    expect((await api.active()).map((m) => m.content).sort()).toEqual([
      'Jeg arbejder hos Vestas.',
      'Mit navn er Karin.',
    ]);
  });
});
