import { codes, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

const MEMORY_FIELDS = `id type content status scope channelId projectId slot importance confidence tags
  source { role channelId messageId taskId } createdAt updatedAt lastAccessedAt accessCount`;

const REMEMBER = `mutation($input: RememberInput!) {
  remember(input: $input) {
    outcome reason
    memory { ${MEMORY_FIELDS} supersededBy { id } }
    superseded { id status }
    associations { type direction weight createdAt memory { id content } }
  }
}`;

interface MemoryView {
  id: string;
  type: string;
  content: string;
  status: string;
  scope: string;
  confidence: number;
  tags: string[];
  source: { role: string };
  accessCount: number;
}
interface RememberView {
  remember: {
    outcome: string;
    reason: string | null;
    memory: MemoryView | null;
    superseded: { id: string; status: string }[];
    associations: { type: string; direction: string; weight: number; memory: { id: string; content: string } }[];
  };
}
interface PageView {
  memories: { items: MemoryView[]; nextCursor: string | null; total: number };
}

const PAGE = `query($filter: MemoryFilter, $limit: Int, $cursor: String) {
  memories(filter: $filter, limit: $limit, cursor: $cursor) { items { id content status type tags } nextCursor total }
}`;

describe('memory GraphQL API (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function remember(input: Record<string, unknown>, key: string = KEYS.alice): Promise<RememberView['remember']> {
    const res = await t.gql<RememberView>(REMEMBER, { input }, key);
    expect(res.errors).toBeUndefined();

    return res.data!.remember;
  }

  async function total(key: string = KEYS.alice, statuses?: string[]): Promise<number> {
    const res = await t.gql<PageView>(PAGE, { filter: statuses ? { statuses } : null, limit: 1 }, key);

    return res.data!.memories.total;
  }

  it('should keep occurredAt apart from createdAt, and the skill that wrote a memory', async () => {
    const res = await t.gql<{
      remember: { memory: { occurredAt: string; createdAt: string; source: { skillId: string } } };
    }>(
      `mutation($input: RememberInput!) { remember(input: $input) { memory { occurredAt createdAt source { skillId } } } }`,
      {
        input: {
          content: 'The user ran the Berlin marathon',
          occurredAt: '2023-05-07T09:00:00Z',
          source: { skillId: 'fitness' },
        },
      },
    );
    expect(res.errors).toBeUndefined();
    const memory = res.data!.remember.memory;
    expect(memory.occurredAt).toBe('2023-05-07T09:00:00.000Z');
    expect(Date.parse(memory.createdAt)).toBeGreaterThan(Date.parse('2025-01-01'));
    expect(memory.source.skillId).toBe('fitness');

    const plain = await remember({ content: 'The user keeps a paper notebook for ideas' });
    const read = await t.gql<{ memory: { occurredAt: string; createdAt: string } }>(
      `query($id: ID!) { memory(id: $id) { occurredAt createdAt } }`,
      { id: plain.memory!.id },
    );
    expect(read.data!.memory.occurredAt).toBe(read.data!.memory.createdAt);
  });

  it('should refuse an occurredAt that is not a date, writing nothing', async () => {
    const before = await t.gql<PageView>(PAGE, { limit: 1 });
    const res = await t.gql(REMEMBER, {
      input: { content: 'The user visited Porto in spring', occurredAt: 'last spring' },
    });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    const after = await t.gql<PageView>(PAGE, { limit: 1 });
    expect(after.data!.memories.total).toBe(before.data!.memories.total);
  });

  it('should create a memory with provenance and read it back', async () => {
    const created = await remember({
      content: 'The staging database runs on Postgres 16',
      type: 'FACT',
      tags: ['Infra', 'db'],
      source: { role: 'USER', channelId: 'cli', taskId: 't-1' },
    });
    expect(created.outcome).toBe('CREATED');
    expect(created.memory).toMatchObject({
      type: 'FACT',
      status: 'ACTIVE',
      scope: 'GLOBAL',
      tags: ['infra', 'db'],
      source: { role: 'USER' },
      accessCount: 0,
    });
    const read = await t.gql<{ memory: MemoryView }>(`query($id: ID!) { memory(id: $id) { ${MEMORY_FIELDS} } }`, {
      id: created.memory!.id,
    });
    expect(read.data!.memory.content).toBe('The staging database runs on Postgres 16');
  });

  it('should reinforce an exact duplicate instead of creating a second memory', async () => {
    const first = await remember({ content: 'Our deploys happen every Tuesday afternoon' });
    const before = await total();
    const again = await remember({ content: '  our deploys happen every tuesday afternoon. ' });
    expect(again.outcome).toBe('REINFORCED');
    expect(again.memory!.id).toBe(first.memory!.id);
    expect(again.memory!.confidence).toBeGreaterThan(first.memory!.confidence);
    expect(await total()).toBe(before);
  });

  it('should link similar memories automatically and expose them as associations', async () => {
    const a = await remember({ content: 'The mobile app release train leaves on Fridays with QA sign-off' });
    const b = await remember({ content: 'The mobile app release train leaves on Fridays after QA sign-off is done' });
    expect(b.outcome).toBe('CREATED');
    const edge = b.associations.find((x) => x.memory.id === a.memory!.id);
    expect(edge).toBeDefined();
    expect(['RELATED_TO', 'UPDATES']).toContain(edge!.type);
    expect(edge!.direction).toBe('OUT');
    const incoming = await t.gql<{
      memory: { associations: { type: string; direction: string; memory: { id: string } }[] };
    }>(`query($id: ID!) { memory(id: $id) { associations(direction: IN) { type direction memory { id } } } }`, {
      id: a.memory!.id,
    });
    expect(incoming.data!.memory.associations).toEqual([
      expect.objectContaining({ direction: 'IN', memory: { id: b.memory!.id } }),
    ]);
  });

  it('should link, forget and delete', async () => {
    const a = await remember({ content: 'We chose Kafka for the event bus in 2024', type: 'DECISION' });
    const b = await remember({ content: 'Throughput tests showed 40k events per second on three brokers' });
    const link = await t.gql<{ link: { type: string; weight: number; memory: { id: string } } }>(
      `mutation($input: LinkInput!) { link(input: $input) { type weight direction memory { id } } }`,
      { input: { fromId: a.memory!.id, toId: b.memory!.id, type: 'CAUSED_BY', weight: 0.5 } },
    );
    expect(link.data!.link).toMatchObject({ type: 'CAUSED_BY', weight: 0.5, memory: { id: b.memory!.id } });

    const forgotten = await t.gql<{ forget: { status: string } }>(`mutation($id: ID!) { forget(id: $id) { status } }`, {
      id: b.memory!.id,
    });
    expect(forgotten.data!.forget.status).toBe('FORGOTTEN');
    const active = await t.gql<PageView>(PAGE, { limit: 500 });
    expect(active.data!.memories.items.map((m) => m.id)).not.toContain(b.memory!.id);
    const audit = await t.gql<PageView>(PAGE, { filter: { statuses: ['FORGOTTEN'] }, limit: 500 });
    expect(audit.data!.memories.items.map((m) => m.id)).toContain(b.memory!.id);

    const deleted = await t.gql<{ deleteMemory: boolean }>(`mutation($id: ID!) { deleteMemory(id: $id) }`, {
      id: b.memory!.id,
    });
    expect(deleted.data!.deleteMemory).toBe(true);
    const gone = await t.gql(`query($id: ID!) { memory(id: $id) { id } }`, { id: b.memory!.id });
    expect(codes(gone)).toEqual(['NOT_FOUND']);
    const edges = await t.gql<{ memory: { associations: unknown[] } }>(
      `query($id: ID!) { memory(id: $id) { associations { type } } }`,
      {
        id: a.memory!.id,
      },
    );
    expect(edges.data!.memory.associations).toEqual([]);
  });

  it('should page through memories with a cursor, each exactly once', async () => {
    for (let i = 0; i < 7; i++) {
      await remember({ content: `Paging fixture number ${i} about the quarterly roadmap`, tags: ['paging'] });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { data?: PageView | null } = await t.gql<PageView>(PAGE, {
        filter: { tags: ['paging'] },
        limit: 3,
        cursor,
      });
      const page: PageView['memories'] = res.data!.memories;
      expect(page.total).toBe(7);
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
  });

  it('should keep tenants apart: another tenant id is NOT_FOUND, lists never mix', async () => {
    const secret = await remember({ content: 'Alice keeps her spare key under the blue flowerpot' });
    const asBob = await t.gql(
      `query($id: ID!) { memory(id: $id) { id content } }`,
      { id: secret.memory!.id },
      KEYS.bob,
    );
    expect(codes(asBob)).toEqual(['NOT_FOUND']);
    expect(asBob.data?.['memory' as never]).toBeFalsy();
    for (const mutation of ['forget(id: $id) { id }', 'deleteMemory(id: $id)']) {
      const res = await t.gql(`mutation($id: ID!) { ${mutation} }`, { id: secret.memory!.id }, KEYS.bob);
      expect(codes(res)).toEqual(['NOT_FOUND']);
    }
    const bobsOwn = await remember({ content: 'Bob waters the plants on Sundays' }, KEYS.bob);
    const link = await t.gql(
      `mutation($input: LinkInput!) { link(input: $input) { type } }`,
      { input: { fromId: bobsOwn.memory!.id, toId: secret.memory!.id, type: 'RELATED_TO' } },
      KEYS.bob,
    );
    expect(codes(link)).toEqual(['NOT_FOUND']);
    const bobList = await t.gql<PageView>(PAGE, { limit: 500 }, KEYS.bob);
    expect(bobList.data!.memories.items.map((m) => m.content)).toEqual(['Bob waters the plants on Sundays']);
    const still = await t.gql<{ memory: { status: string } }>(`query($id: ID!) { memory(id: $id) { status } }`, {
      id: secret.memory!.id,
    });
    expect(still.data!.memory.status).toBe('ACTIVE');
  });

  it('should refuse requests without a valid key', async () => {
    for (const key of [null, 'wrong-key-123']) {
      const res = await t.gql(PAGE, { limit: 1 }, key);
      expect(codes(res)).toEqual(['UNAUTHENTICATED']);
      expect(res.data?.['memories' as never]).toBeFalsy();
    }
  });

  describe('bad input gets BAD_USER_INPUT and writes nothing', () => {
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['empty content', REMEMBER, { input: { content: '   ' } }, /content must not be empty/],
      ['100 KB content', REMEMBER, { input: { content: 'x'.repeat(100_001) } }, /content is \d+ bytes/],
      ['unknown enum', REMEMBER, { input: { content: 'The office is in Leeds', type: 'GOSSIP' } }, /GOSSIP/],
      [
        'THREAD without channelId',
        REMEMBER,
        { input: { content: 'Use tabs in this repo', scope: 'THREAD' } },
        /channelId is required/,
      ],
      [
        'importance out of range',
        REMEMBER,
        { input: { content: 'Use tabs in this repo', importance: 3 } },
        /importance must be between 0 and 1/,
      ],
      ['negative limit', PAGE, { limit: -1 }, /limit must be an integer/],
      ['malformed cursor', PAGE, { limit: 5, cursor: 'not-a-cursor!' }, /cursor is malformed/],
      [
        'garbage id',
        `query($id: ID!) { memory(id: $id) { id } }`,
        { id: "'; DROP TABLE memories; --" },
        /must be a memory id/,
      ],
      [
        'garbage link ids',
        `mutation($input: LinkInput!) { link(input: $input) { type } }`,
        { input: { fromId: 'x', toId: 'y', type: 'RELATED_TO' } },
        /fromId must be a memory id/,
      ],
    ];

    it.each(cases)('%s', async (_name, query, variables, message) => {
      const before = await total(KEYS.alice, ['ACTIVE', 'QUARANTINED', 'SUPERSEDED', 'FORGOTTEN']);
      const res = await t.gql(query, variables);
      expect(codes(res)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message).toMatch(message);
      expect(JSON.stringify(res.errors)).not.toMatch(/stack|at \w+ \(/);
      expect(await total(KEYS.alice, ['ACTIVE', 'QUARANTINED', 'SUPERSEDED', 'FORGOTTEN'])).toBe(before);
    });
  });

  it('should answer a too-deep query with QUERY_TOO_COMPLEX', async () => {
    const nested = 'associations { memory { '.repeat(8) + 'id' + ' } }'.repeat(8);
    const res = await t.gql(`{ memories { items { ${nested} } } }`);
    expect(codes(res)).toEqual(['QUERY_TOO_COMPLEX']);
  });
});
