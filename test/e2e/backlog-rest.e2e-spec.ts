import { ConversationApi } from 'test/e2e/support/conversation-api';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

interface BacklogBody {
  tenantId: string;
  backlog: { kind: string; items: number; oldest: string | null; storeWide: boolean }[];
}

/** GET /api/backlog: the viewer's Owed work box, one tenant's. */
describe('GET /api/backlog (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // no embedder answers: every appended message stays owed a vector
    t = await startTestApp({
      EMBEDDINGS: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'x',
      EMBEDDING_DIMENSIONS: '8',
      EMBEDDING_TIMEOUT_MS: '200',
    });
  });

  afterAll(async () => {
    await t.close();
  });

  async function backlog(key: string | null, query = ''): Promise<{ status: number; body: BacklogBody }> {
    const response = await fetch(`${t.url.replace(/\/graphql$/, '/api/backlog')}${query}`, {
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });

    return { status: response.status, body: (await response.json()) as BacklogBody };
  }

  it('should show a tenant its own owed work only, and refuse without a key or with a query', async () => {
    const api = new ConversationApi(t);
    await api.append({ channelId: 'owed', content: 'The boat leaves at nine from pier four' });
    await api.append({ channelId: 'owed', content: 'Bring the blue life jackets' });

    const alice = await backlog(KEYS.alice);
    expect(alice.status).toBe(200);
    expect(alice.body.tenantId).toBe('alice');
    expect(alice.body.backlog.map((b) => b.kind)).toEqual([
      'message_vectors',
      'memory_vectors',
      'extractions',
      'compactions',
      'reembed',
      'entity_links',
    ]);
    expect(alice.body.backlog[0]).toMatchObject({ kind: 'message_vectors', items: 2, storeWide: false });
    expect(alice.body.backlog[0]?.oldest).not.toBeNull();

    const bob = await backlog(KEYS.bob);
    expect(bob.body.tenantId).toBe('bob');
    expect(bob.body.backlog[0]).toMatchObject({ kind: 'message_vectors', items: 0, oldest: null });

    expect((await backlog(null)).status).toBe(401);
    expect((await backlog(KEYS.alice, '?tenant=bob')).status).toBe(400);
  });
});
