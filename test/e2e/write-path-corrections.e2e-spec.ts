import { MemoryApi } from 'test/e2e/support/memory-api';
import { expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/**
 * A slot correction retires every ACTIVE slotless memory that names the old value as a word, in
 * any scope the new slot memory is seen together with, however the old value was stated ("User's name is John").
 */

const IMPORT = `mutation($items: [ImportMemoryInput!]!) { importMemories(items: $items) { created ids } }`;

describe('write path: corrections reach slotless memories', () => {
  let t: TestApp;
  let api: MemoryApi;
  beforeAll(async () => {
    t = await startTestApp();
    api = new MemoryApi(t);
  });
  afterAll(() => t.close());

  it('retires the slotless mention of John when the name slot changes to Peter, and lists it in superseded', async () => {
    const john = await api.remember({ content: "User's name is John", type: 'IDENTITY', slot: 'name' });
    expect(john).toMatchObject({ outcome: 'CREATED', memory: { slot: 'name', status: 'ACTIVE' } });
    const mention = await api.remember({ content: 'The meetup badge said John in big letters' });
    expect(mention).toMatchObject({ outcome: 'CREATED', memory: { slot: null, status: 'ACTIVE' } });
    const johnson = await api.remember({ content: 'Mr Johnson from accounting approved the travel budget' });
    const bobs = await api.as(KEYS.bob).remember({ content: 'The meetup badge said John in big letters' });

    const peter = await api.remember({ content: "User's name is Peter", type: 'IDENTITY', slot: 'name' });

    expect(peter.outcome).toBe('CREATED');
    const peterId = peter.memory!.id;
    expect(peter.superseded.map((m) => m.id).sort()).toEqual([john.memory!.id, mention.memory!.id].sort());
    expect(await api.get(mention.memory!.id)).toMatchObject({ status: 'SUPERSEDED', supersededBy: { id: peterId } });
    expect((await api.get(johnson.memory!.id)).status).toBe('ACTIVE'); // "Johnson" does not name John
    expect((await api.as(KEYS.bob).get(bobs.memory!.id)).status).toBe('ACTIVE');
  });

  it('reaches mentions in thread and project scopes, and every one of them, not just the best text matches', async () => {
    const first = await api.remember({ content: 'My name is Ingrid Svensson' });
    expect(first.memory!.slot).toBe('name');
    const thread = await api.remember({
      content: 'Ingrid Svensson asked for the standup notes in this thread',
      scope: 'THREAD',
      channelId: 'standups',
    });
    const project = await api.remember({
      content: 'Ingrid Svensson owns the apollo deployment checklist',
      scope: 'PROJECT',
      projectId: 'apollo',
    });
    const topics = ['invoices', 'roadmap', 'hiring', 'budget', 'security', 'support', 'design', 'travel'];
    const items = Array.from({ length: 60 }, (_, i) => ({
      content: `Ingrid Svensson reviewed the ${topics[i % topics.length]} document number ${i} on day ${i + 1}`,
    }));
    const imported = expectData(
      await t.gql<{ importMemories: { created: number; ids: string[] } }>(IMPORT, { items }),
      'import',
    );
    expect(imported.importMemories.created).toBe(60);

    const second = await api.remember({ content: 'My name is Ingrid Larsson' });

    const retired = new Set(second.superseded.map((m) => m.id));
    for (const id of [first.memory!.id, thread.memory!.id, project.memory!.id, ...imported.importMemories.ids]) {
      expect(retired.has(id)).toBe(true);
    }
    expect(retired.size).toBe(63);
    const stillActive = (await api.active()).filter((m) => m.content.includes('Svensson'));
    expect(stillActive).toEqual([]);
  });
});
