import { ConversationApi } from 'test/e2e/support/conversation-api';
import { codes, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

const RECALL = `query($input: RecallInput!) {
  recall(input: $input) { hits { score memory { id content occurredAt } explanation { text graph relevance } } }
}`;
const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;

interface Hit {
  score: number;
  memory: { id: string; content: string; occurredAt: string };
  explanation: { text: number | null; graph: number | null; relevance: number };
}

/**
 * Time expressions and named people through the public contract: memories written with `remember` (content and
 * occurredAt only), asked with `recall`. Each pair of queries asks for two different memories of the same words,
 * so only the time window or the named person can put the right one first.
 */
describe('recall: time expressions and speakers (e2e)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function remember(content: string, occurredAt: string): Promise<string> {
    const res = await t.gql<{ remember: { outcome: string; memory: { id: string } } }>(REMEMBER, {
      input: { content, occurredAt, type: 'EVENT' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.remember.outcome).toBe('CREATED');

    return res.data!.remember.memory.id;
  }

  async function recall(input: Record<string, unknown>): Promise<Hit[]> {
    const res = await t.gql<{ recall: { hits: Hit[] } }>(RECALL, { input });
    expect(res.errors).toBeUndefined();

    return res.data!.recall.hits;
  }

  beforeAll(async () => {
    t = await startTestApp();
    ids.march = await remember('We went hiking along the coast near the lighthouse', '2023-03-02T10:00:00Z');
    ids.may = await remember('We went hiking up the mountain trail near the lake', '2023-05-10T10:00:00Z');
    ids.july = await remember('We went hiking through the forest near the old mill', '2023-07-20T10:00:00Z');
    ids.caroline = await remember('Caroline: I painted the old barn at sunset, Melanie', '2023-06-01T10:00:00Z');
    ids.melanie = await remember(
      'Melanie: I painted a sunrise over the sea for Caroline and Caroline loved the painting',
      '2023-06-01T10:05:00Z',
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('should rank the memory inside the date window first, relative to the reference time', async () => {
    const lastWeek = await recall({
      query: 'Where did we go hiking last week?',
      referenceTime: '2023-05-16T09:00:00Z',
    });
    expect(lastWeek[0]!.memory.id).toBe(ids.may);

    const march = await recall({ query: 'Where did we go hiking in March 2023?' });
    expect(march[0]!.memory.id).toBe(ids.march);

    const july = await recall({ query: 'Where did we go hiking yesterday?', referenceTime: '2023-07-21T09:00:00Z' });
    expect(july[0]!.memory.id).toBe(ids.july);
  });

  it('should keep the window soft: memories outside it still come back', async () => {
    const hits = await recall({ query: 'Where did we go hiking last week?', referenceTime: '2023-05-16T09:00:00Z' });

    expect(hits.map((h) => h.memory.id)).toEqual(expect.arrayContaining([ids.march, ids.may, ids.july]));
  });

  it("should rank the named person's own memory first", async () => {
    const caroline = await recall({ query: 'What did Caroline paint?' });
    expect(caroline[0]!.memory.id).toBe(ids.caroline);

    const melanie = await recall({ query: 'What did Melanie paint?' });
    expect(melanie[0]!.memory.id).toBe(ids.melanie);
  });

  it("should rank first the memory extracted from the named person's own message, though its words say no name", async () => {
    const chat = new ConversationApi(t);
    const said = async (speaker: string, content: string): Promise<string> => {
      const res = await chat.append({ channelId: 'running-club', speaker, content });
      const memory = res.extracted[0]?.memory;
      expect(memory?.content).not.toContain(speaker);

      return memory!.id;
    };
    const jonas = await said(
      'Jonas',
      'Remember that my marathon training plan has long marathon runs every Sunday and marathon intervals on Wednesdays.',
    );
    const priya = await said('Priya', 'Remember that my marathon training plan starts in March.');

    // Jonas's memory matches "marathon training plan" more often; only the author makes Priya's her own
    const hits = await recall({ query: "What is Priya's marathon training plan?" });
    expect(hits[0]!.memory.id).toBe(priya);
    expect(hits.map((h) => h.memory.id)).toContain(jonas);
    expect((await recall({ query: "What is Jonas's marathon training plan?" }))[0]!.memory.id).toBe(jonas);
  });

  it('should refuse a reference time that is not a date', async () => {
    const res = await t.gql(RECALL, { input: { query: 'hiking last week', referenceTime: 'next tuesday' } });

    expect(codes(res)).toContain('BAD_USER_INPUT');
  });
});
