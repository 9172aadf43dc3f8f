import { codes, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { FakeOpenAiServer } from 'test/support/fake-openai-server';

const RECALL = `query($input: RecallInput!) {
  recall(input: $input) {
    tookMs
    hits {
      score tier
      memory { id content type scope status accessCount lastAccessedAt }
      explanation { vector text graph rrf relevance importance confidence recency scope }
    }
  }
}`;

interface Hit {
  score: number;
  tier: string;
  memory: {
    id: string;
    content: string;
    type: string;
    scope: string;
    status: string;
    accessCount: number;
    lastAccessedAt: string | null;
  };
  explanation: Record<string, number | null>;
}
interface RecallView {
  recall: { tookMs: number; hits: Hit[] };
}

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;

async function remember(t: TestApp, input: Record<string, unknown>, key: string = KEYS.alice): Promise<string> {
  const res = await t.gql<{ remember: { outcome: string; memory: { id: string } } }>(REMEMBER, { input }, key);
  expect(res.errors).toBeUndefined();
  expect(res.data!.remember.outcome).toBe('CREATED');

  return res.data!.remember.memory.id;
}

async function recall(t: TestApp, input: Record<string, unknown>, key: string = KEYS.alice): Promise<Hit[]> {
  const res = await t.gql<RecallView>(RECALL, { input }, key);
  expect(res.errors).toBeUndefined();

  return res.data!.recall.hits;
}

describe('recall (e2e)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ids.coffee = await remember(t, {
      content: 'I drink my coffee black with no sugar',
      type: 'PREFERENCE',
      importance: 0.9,
    });
    ids.tea = await remember(t, { content: 'Green tea in the afternoon helps me focus', type: 'PREFERENCE' });
    ids.rust = await remember(t, { content: 'The billing service is written in Rust', type: 'FACT' });
    ids.deploy = await remember(t, {
      content: 'We decided to deploy the billing service on Fridays',
      type: 'DECISION',
    });
    ids.thread = await remember(t, {
      content: 'In this chat we call the billing service Ledger',
      scope: 'THREAD',
      channelId: 'chat-1',
    });
    ids.project = await remember(t, {
      content: 'Project Apollo uses the billing service for invoices',
      scope: 'PROJECT',
      projectId: 'apollo',
    });
    ids.todo = await remember(t, { content: 'Renew the billing service TLS certificate before March', type: 'TODO' });
    ids.forgotten = await remember(t, { content: 'The billing service used to run on PHP' });
    await t.gql(`mutation($id: ID!) { forget(id: $id) { id } }`, { id: ids.forgotten });
    await remember(t, { content: 'Bob says the billing service is slow on Mondays' }, KEYS.bob);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should find relevant memories by hybrid search and explain every component', async () => {
    const hits = await recall(t, { query: 'how do I take my coffee?' });
    expect(hits[0]!.memory.id).toBe(ids.coffee);
    const top = hits[0]!;
    expect(top.explanation.text).toBeGreaterThan(0);
    expect(top.explanation.vector).toBeGreaterThan(0);
    expect(top.explanation.rrf).toBeGreaterThan(0);
    expect(top.explanation.relevance).toBeGreaterThan(0);
    expect(top.explanation.importance).toBeCloseTo(0.9);
    expect(top.explanation.recency).toBeGreaterThan(0.99);
    expect(top.explanation.scope).toBe(1);
    expect(['HIGH', 'MEDIUM', 'LOW']).toContain(top.tier);
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('should show THREAD memories only to their channel and PROJECT memories only to their project', async () => {
    const plain = (await recall(t, { query: 'billing service', limit: 20 })).map((h) => h.memory.id);
    expect(plain).toEqual(expect.arrayContaining([ids.rust, ids.deploy, ids.todo]));
    expect(plain).not.toContain(ids.thread);
    expect(plain).not.toContain(ids.project);
    const inChat = (await recall(t, { query: 'billing service', limit: 20, channelId: 'chat-1' })).map(
      (h) => h.memory.id,
    );
    expect(inChat).toContain(ids.thread);
    expect(inChat).not.toContain(ids.project);
    const otherChat = (await recall(t, { query: 'billing service', limit: 20, channelId: 'chat-2' })).map(
      (h) => h.memory.id,
    );
    expect(otherChat).not.toContain(ids.thread);
    const inProject = (await recall(t, { query: 'billing service', limit: 20, projectId: 'apollo' })).map(
      (h) => h.memory.id,
    );
    expect(inProject).toContain(ids.project);
    expect(inProject).not.toContain(ids.thread);
  });

  it("should never return forgotten memories or another tenant's", async () => {
    const hits = await recall(t, { query: 'billing service PHP slow Mondays', limit: 50 });
    const contents = hits.map((h) => h.memory.content);
    expect(contents).not.toContain('The billing service used to run on PHP');
    expect(contents).not.toContain('Bob says the billing service is slow on Mondays');
    const bob = await recall(t, { query: 'billing service', limit: 50 }, KEYS.bob);
    expect(bob.map((h) => h.memory.content)).toEqual(['Bob says the billing service is slow on Mondays']);
  });

  it('should filter by types in every mode', async () => {
    const hybrid = await recall(t, { query: 'billing service', types: ['DECISION', 'TODO'], limit: 20 });
    expect(hybrid.map((h) => h.memory.id).sort()).toEqual([ids.deploy, ids.todo].sort());
    const typed = await recall(t, { mode: 'TYPED', types: ['PREFERENCE'] });
    expect(typed.map((h) => h.memory.id).sort()).toEqual([ids.coffee, ids.tea].sort());
    expect(typed.every((h) => h.explanation.vector === null && h.explanation.text === null)).toBe(true);
  });

  it('should list RECENT newest first and IMPORTANT by importance', async () => {
    const recent = await recall(t, { mode: 'RECENT', limit: 3 });
    expect(recent[0]!.memory.id).toBe(ids.todo);
    const important = await recall(t, { mode: 'IMPORTANT', limit: 1 });
    expect(important[0]!.memory.id).toBe(ids.coffee);
  });

  it('should return superseded memories only with includeSuperseded, and let the correction win', async () => {
    const oldCity = await remember(t, { content: 'I live in Lisbon' });
    const newCity = await t.gql<{
      remember: { outcome: string; memory: { id: string }; superseded: { id: string }[] };
    }>(`mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } superseded { id } } }`, {
      input: { content: 'I live in Porto' },
    });
    expect(newCity.data!.remember.superseded.map((m) => m.id)).toEqual([oldCity]);
    const hits = await recall(t, { query: 'where do I live?' });
    expect(hits[0]!.memory.id).toBe(newCity.data!.remember.memory.id);
    expect(hits.map((h) => h.memory.id)).not.toContain(oldCity);
    const all = await recall(t, { query: 'where do I live?', includeSuperseded: true });
    expect(all.map((h) => h.memory.id)).toContain(oldCity);
  });

  it('should find a memory by its context without returning the context as content', async () => {
    const id = await remember(t, {
      content: 'Yes, every Saturday morning at the lake',
      context: 'Do you still go kayaking with your brother?',
    });
    const hits = await recall(t, { query: 'kayaking brother' });
    expect(hits[0]!.memory.id).toBe(id);
    expect(hits[0]!.memory.content).toBe('Yes, every Saturday morning at the lake');
  });

  it('should record access after recall without slowing it down', async () => {
    await recall(t, { query: 'green tea focus' });
    let accessCount = 0;
    for (let i = 0; i < 50 && accessCount === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await t.gql<{ memory: { accessCount: number; lastAccessedAt: string | null } }>(
        `query($id: ID!) { memory(id: $id) { accessCount lastAccessedAt } }`,
        { id: ids.tea },
      );
      accessCount = res.data!.memory.accessCount;
    }
    expect(accessCount).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['HYBRID without a query', { mode: 'HYBRID' }, /query is required/],
    ['TYPED without types', { mode: 'TYPED' }, /types is required/],
    ['zero limit', { query: 'x', limit: 0 }, /limit must be an integer/],
    ['unknown mode', { query: 'x', mode: 'PSYCHIC' }, /PSYCHIC/],
  ])('should reject %s with BAD_USER_INPUT', async (_name, input, message) => {
    const res = await t.gql(RECALL, { input });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
  });
});

describe('recall when embeddings are down (e2e)', () => {
  let fake: FakeOpenAiServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    t = await startTestApp({
      EMBEDDINGS: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test',
      OPENAI_EMBEDDING_MODEL: 'fake-embedding',
      EMBEDDING_DIMENSIONS: '64',
      EMBEDDING_TIMEOUT_MS: '300',
    });
    await remember(t, { content: 'The VPN config lives in the ops vault' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('should answer from full text when the provider errors or times out', async () => {
    for (const failure of [reply.status(500), reply.delay(2000)]) {
      fake.setEmbeddingHandler(() => failure);
      const started = Date.now();
      const hits = await recall(t, { query: 'where is the VPN config?' });
      expect(hits[0]!.memory.content).toBe('The VPN config lives in the ops vault');
      expect(hits[0]!.explanation.vector).toBeNull();
      expect(hits[0]!.explanation.text).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });
});
