import type { TenantCounts } from 'src/store/integrity-store.port';
import { APPEND } from 'test/e2e/support/conversation-api';
import { expectData, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { defaultEmbeddingHandler, reply, startFakeOpenAiServer } from 'test/support/fake-openai-server';
import type { FakeOpenAiServer } from 'test/support/fake-openai-server';
import { storeIntegrity } from 'test/support/integrity';

jest.setTimeout(60_000);

const REMEMBER = `mutation($input: RememberInput!) { remember(input: $input) { outcome memory { id } } }`;
const IMPORT = `mutation($items: [ImportMemoryInput!]!) { importMemories(items: $items) { created } }`;
const RECALL = `query($q: String!) { recall(input: { query: $q, limit: 5 }) { hits { memory { id } explanation { vector text } } } }`;
const SEARCH = `query($q: String!) { searchMessages(input: { query: $q }) { message { content } } }`;

interface RecallData {
  recall: { hits: { memory: { id: string }; explanation: { vector: number | null; text: number | null } }[] };
}

/**
 * The embeddings provider (the fake OpenAI server) failing with HTTP 500 and stalling past the deadline, then healthy
 * again. What the code does: a write never waits past EMBEDDING_TIMEOUT_MS and never fails for it; it keeps its text
 * (found by full text) and stays without a vector: nothing embeds it later. Recall meanwhile answers from full text.
 * (recall.e2e-spec.ts covers recall's own deadline.)
 */
describe('writes while the embeddings provider fails', () => {
  let fake: FakeOpenAiServer;
  let t: TestApp;

  async function remember(content: string): Promise<{ id: string; ms: number }> {
    const started = Date.now();
    const data = expectData(
      await t.gql<{ remember: { outcome: string; memory: { id: string } } }>(REMEMBER, { input: { content } }),
      'remember',
    );
    expect(data.remember.outcome).toBe('CREATED');

    return { id: data.remember.memory.id, ms: Date.now() - started };
  }

  async function hitFor(query: string, id: string): Promise<RecallData['recall']['hits'][number] | undefined> {
    const data = expectData(await t.gql<RecallData>(RECALL, { q: query }), 'recall');

    return data.recall.hits.find((h) => h.memory.id === id);
  }

  async function counts(): Promise<TenantCounts | undefined> {
    const report = await storeIntegrity(t.config);
    expect(report.problems).toEqual([]);

    return report.tenants.find((c) => c.tenantId === 'alice');
  }

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    t = await startTestApp({
      EMBEDDINGS: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test',
      OPENAI_EMBEDDING_MODEL: 'text-embedding-3-small',
      EMBEDDING_DIMENSIONS: '64',
      EMBEDDING_TIMEOUT_MS: '300',
    });
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('should store the text without a vector, answer recall from full text, and leave it text-only once the provider is back', async () => {
    const healthy = await remember('The staging database runs on port 5433');
    expect((await hitFor('staging database port', healthy.id))?.explanation.vector).toEqual(expect.any(Number));

    fake.setEmbeddingHandler(() => reply.status(500));
    const failed = await remember('The VPN config lives in the ops vault');
    const imported = expectData(
      await t.gql<{ importMemories: { created: number } }>(IMPORT, {
        items: [{ content: 'Backups run nightly at 02:00' }, { content: 'The on-call phone is in the red drawer' }],
      }),
      'importMemories',
    );
    expect(imported.importMemories.created).toBe(2);
    const appended = await t.gql(APPEND, {
      input: { channelId: 'ops', role: 'ASSISTANT', content: 'The release train leaves on Thursdays' },
    });
    expect(appended.errors).toBeUndefined();

    fake.setEmbeddingHandler(() => reply.delay(5000));
    const stalled = await remember('The coffee machine is descaled on Fridays');
    expect(stalled.ms).toBeLessThan(3000);
    const failedHit = await hitFor('where is the VPN config', failed.id);
    expect(failedHit?.explanation).toEqual({ vector: null, text: expect.any(Number) as number });

    fake.setEmbeddingHandler(defaultEmbeddingHandler);
    const recovered = await remember('The office plants are watered on Mondays');
    // found by text, never by vector: no job embeds the text-only memories later
    expect((await hitFor('where is the VPN config', failed.id))?.explanation.vector).toBeNull();
    expect((await hitFor('office plants watered', recovered.id))?.explanation.vector).toEqual(expect.any(Number));
    const search = expectData(
      await t.gql<{ searchMessages: { message: { content: string } }[] }>(SEARCH, { q: 'release train' }),
      'searchMessages',
    );
    expect(search.searchMessages.map((h) => h.message.content)).toContain('The release train leaves on Thursdays');

    // the store is clean: text-only memories are counted, not problems
    expect(await counts()).toEqual(expect.objectContaining({ memories: 6, withoutVector: 4, messages: 1 }));
  });
});
