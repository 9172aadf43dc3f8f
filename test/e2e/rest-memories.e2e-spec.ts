import { randomUUID } from 'node:crypto';

import { ConversationApi } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { ok, origin, rest } from 'test/e2e/support/rest-client';
import type { RestError } from 'test/e2e/support/rest-client';
import { expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

jest.setTimeout(60_000);

interface MemoryDto {
  id: string;
  type: string;
  content: string;
  status: string;
  scope: string;
  channelId: string | null;
  tags: string[];
  supersededById: string | null;
  source: { role: string; channelId: string | null; messageId: string | null; taskId: string | null };
  createdAt: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total?: number;
}

interface Details {
  memory: MemoryDto;
  supersededBy: MemoryDto | null;
  supersedes: MemoryDto[];
  associations: { type: string; direction: string; weight: number; memory: MemoryDto }[];
  provenance: {
    role: string;
    channelId: string | null;
    messageId: string | null;
    taskId: string | null;
    message: { id: string; content: string } | null;
  };
}

interface SearchResult {
  hits: { memory: MemoryDto; score: number; tier: string; explanation: Record<string, number | null> }[];
  tookMs: number;
  usedVectors: boolean;
}

interface Graph {
  centreId: string;
  nodes: MemoryDto[];
  edges: { fromId: string; toId: string; type: string; weight: number }[];
  truncated: boolean;
}

const LINK = `mutation($input: LinkInput!) { link(input: $input) { type } }`;

describe('REST memory API (e2e)', () => {
  let t: TestApp;
  let api: MemoryApi;
  let chat: ConversationApi;

  beforeAll(async () => {
    t = await startTestApp();
    api = new MemoryApi(t);
    chat = new ConversationApi(t);
  });

  afterAll(async () => {
    await t.close();
  });

  async function remember(content: string, extra: Record<string, unknown> = {}): Promise<string> {
    const result = await api.remember({ content, ...extra });
    if (!result.memory) {
      throw new Error(`remember(${content}) was ${result.outcome}: ${result.reason}`);
    }

    return result.memory.id;
  }

  async function link(fromId: string, toId: string, key: string = KEYS.alice): Promise<void> {
    expectData(await t.gql(LINK, { input: { fromId, toId, type: 'RELATED_TO', weight: 0.9 } }, key), 'link');
  }

  function expectError(res: { status: number; body: unknown }, status: number, code: string): void {
    expect({ status: res.status, code: (res.body as RestError).error?.code }).toEqual({ status, code });
  }

  describe('authentication and rate limits', () => {
    const id = randomUUID();
    const endpoints: [string, string][] = [
      ['GET', '/api/memories'],
      ['GET', '/api/memories/search?q=coffee'],
      ['GET', `/api/memories/${id}`],
      ['GET', `/api/memories/${id}/graph`],
      ['DELETE', `/api/memories/${id}`],
      ['POST', `/api/memories/${id}/forget`],
      ['GET', '/api/bulletin'],
      ['POST', '/api/bulletin/refresh'],
      ['GET', '/api/channels'],
      ['GET', '/api/channels/general/messages'],
    ];

    it.each(endpoints)(
      'should answer %s %s with 401 UNAUTHENTICATED without a key or with a wrong one',
      async (method, path) => {
        for (const key of [null, 'not-a-key']) {
          const res = await rest(t, path, { method: method as 'GET', key });

          expectError(res, 401, 'UNAUTHENTICATED');
          expect(res.headers.get('www-authenticate')).toBe('Bearer');
        }
      },
    );

    it('should answer 429 RATE_LIMITED with Retry-After once the tenant is over its limit, other tenants unaffected', async () => {
      const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
      try {
        for (let i = 0; i < 3; i++) {
          expect((await rest(limited, '/api/memories')).status).toBe(200);
        }
        const refused = await rest<RestError>(limited, '/api/memories');

        expectError(refused, 429, 'RATE_LIMITED');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(refused.body.error.retryAfter).toBe(Number(refused.headers.get('retry-after')));
        // REST and GraphQL count against the same limit
        expect((await limited.post({ query: '{ bulletin { id } }' })).status).toBe(429);
        expect((await rest(limited, '/api/memories', { key: KEYS.bob })).status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('should count requests without a key against the per-address limit', async () => {
      const limited = await startTestApp({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '2' });
      try {
        await rest(limited, '/api/memories', { key: null });
        await rest(limited, '/api/memories', { key: null });

        expectError(await rest(limited, '/api/memories'), 429, 'RATE_LIMITED');
      } finally {
        await limited.close();
      }
    });
  });

  describe('GET /api/memories', () => {
    const tag = `rest-${randomUUID().slice(0, 8)}`;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      ids['coffee'] = await remember('I prefer oat milk in my coffee', { type: 'PREFERENCE', tags: [tag, 'drinks'] });
      ids['tea'] = await remember('I like green tea in the afternoon', { type: 'PREFERENCE', tags: [tag] });
      ids['deploy'] = await remember('We decided to deploy on Tuesdays', { type: 'DECISION', tags: [tag] });
      ids['thread'] = await remember('The staging database is called juniper', {
        type: 'FACT',
        tags: [tag],
        scope: 'THREAD',
        channelId: 'ops-room',
      });
    });

    it('should filter by types, tags, scope and channel, as GraphQL memories does', async () => {
      const prefs = await ok<Page<MemoryDto>>(t, `/api/memories?types=PREFERENCE&tags=${tag}`);
      const both = await ok<Page<MemoryDto>>(t, `/api/memories?types=PREFERENCE&types=DECISION&tags=${tag}`);
      const drinks = await ok<Page<MemoryDto>>(t, `/api/memories?tags=${tag},drinks`);
      const thread = await ok<Page<MemoryDto>>(t, `/api/memories?scope=THREAD&channelId=ops-room`);

      expect(new Set(prefs.items.map((m) => m.id))).toEqual(new Set([ids['coffee'], ids['tea']]));
      expect(prefs.total).toBe(2);
      expect(both.total).toBe(3);
      expect(drinks.items.map((m) => m.id)).toEqual([ids['coffee']]);
      expect(thread.items.map((m) => m.id)).toEqual([ids['thread']]);
      expect(thread.items[0]).toMatchObject({ type: 'FACT', scope: 'THREAD', channelId: 'ops-room', status: 'ACTIVE' });
    });

    it('should page with limit and cursor until nextCursor is null, each memory once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
        const page: Page<MemoryDto> = await ok<Page<MemoryDto>>(t, `/api/memories?tags=${tag}&limit=3${query}`);
        expect(page.items.length).toBeLessThanOrEqual(3);
        expect(page.total).toBe(4);
        seen.push(...page.items.map((m) => m.id));
        cursor = page.nextCursor;
      } while (cursor !== null);

      expect(seen).toHaveLength(4);
      expect(new Set(seen)).toEqual(new Set(Object.values(ids)));
    });

    it.each([
      ['limit 0', 'limit=0'],
      ['limit over 500', 'limit=501'],
      ['a limit that is no number', 'limit=ten'],
      ['an unknown type', 'types=FACT,WISH'],
      ['an unknown status', 'statuses=GONE'],
      ['an unknown scope', 'scope=WORLD'],
      ['a forged cursor', 'cursor=bm90LWEtY3Vyc29y'],
      ['a channelId with spaces', 'channelId=two%20words'],
      ['a misspelt parameter', 'type=FACT'],
      ['33 tags', `tags=${Array.from({ length: 33 }, (_, i) => `t${i}`).join(',')}`],
      ['500 types', `types=${Array.from({ length: 500 }, () => 'FACT').join(',')}`],
      ['500 statuses', `statuses=${Array.from({ length: 500 }, () => 'ACTIVE').join(',')}`],
    ])('should refuse %s with 400 BAD_USER_INPUT', async (_what, query) => {
      const res = await rest<RestError>(t, `/api/memories?${query}`);

      expectError(res, 400, 'BAD_USER_INPUT');
      expect(res.body.error.message.length).toBeGreaterThan(5);
    });
  });

  describe('GET /api/memories/search', () => {
    it('should run recall and explain every hit', async () => {
      const id = await remember('My favourite mountain is the Matterhorn', { type: 'PREFERENCE' });
      const result = await ok<SearchResult>(t, '/api/memories/search?q=which%20mountain%20is%20my%20favourite&limit=5');

      expect(result.hits[0]?.memory.id).toBe(id);
      expect(result.hits[0]?.tier).toMatch(/HIGH|MEDIUM|LOW/);
      expect(result.hits[0]?.explanation).toEqual(
        expect.objectContaining({
          rrf: expect.any(Number),
          relevance: expect.any(Number),
          recency: expect.any(Number),
          scope: 1,
        }),
      );
      expect(result.hits[0]?.explanation['text']).toBeGreaterThan(0);
      expect(result.usedVectors).toBe(true);
      expect(result.hits.length).toBeLessThanOrEqual(5);
    });

    it('should filter by type and see a channel’s THREAD memories only when asked from it', async () => {
      await remember('The release train leaves every Thursday', {
        type: 'FACT',
        scope: 'THREAD',
        channelId: 'release-room',
      });
      const outside = await ok<SearchResult>(t, '/api/memories/search?q=release%20train');
      const inside = await ok<SearchResult>(
        t,
        '/api/memories/search?q=release%20train&channelId=release-room&types=FACT',
      );

      expect(outside.hits.map((h) => h.memory.content)).not.toContain('The release train leaves every Thursday');
      expect(inside.hits.map((h) => h.memory.content)).toContain('The release train leaves every Thursday');
      expect(inside.hits.every((h) => h.memory.type === 'FACT')).toBe(true);
    });

    it('should pass the other recall options through: TYPED with a sort, a reference time', async () => {
      const typed = await ok<SearchResult>(
        t,
        '/api/memories/search?mode=TYPED&types=PREFERENCE&sort=IMPORTANCE&limit=3',
      );
      const dated = await ok<SearchResult>(t, '/api/memories/search?q=mountain&referenceTime=2030-01-01T00:00:00Z');

      expect(typed.hits.length).toBeGreaterThan(0);
      expect(typed.hits.every((h) => h.memory.type === 'PREFERENCE')).toBe(true);
      expect(dated.hits.length).toBeGreaterThan(0);
    });

    it.each([
      ['no query', ''],
      ['an empty query', 'q=%20'],
      ['limit 101', 'q=coffee&limit=101'],
      ['an unknown mode', 'q=coffee&mode=FUZZY'],
      ['includeSuperseded that is not a boolean', 'q=coffee&includeSuperseded=yes'],
      ['a query over 4000 characters', `q=${'a'.repeat(4001)}`],
      ['a referenceTime that is no date', 'q=coffee&referenceTime=yesterday'],
      ['sort outside TYPED', 'q=coffee&sort=IMPORTANCE'],
      ['TYPED without types', 'mode=TYPED'],
    ])('should refuse %s with 400 BAD_USER_INPUT', async (_what, query) => {
      expectError(await rest(t, `/api/memories/search?${query}`), 400, 'BAD_USER_INPUT');
    });
  });

  describe('GET /api/memories/:id', () => {
    it('should give provenance down to the message a memory was learned from', async () => {
      const channelId = `intro-${randomUUID().slice(0, 8)}`;
      const appended = await chat.append({ channelId, content: 'My name is Henrietta Lacks' });
      const memory = appended.extracted.find((e) => e.memory)?.memory;
      if (!memory) {
        throw new Error(`nothing extracted: ${JSON.stringify(appended)}`);
      }
      const details = await ok<Details>(t, `/api/memories/${memory.id}`);

      expect(details.memory).toMatchObject({ id: memory.id, type: 'IDENTITY' });
      expect(details.provenance).toMatchObject({ role: 'USER', channelId, messageId: appended.message.id });
      expect(details.provenance.message).toMatchObject({
        id: appended.message.id,
        content: 'My name is Henrietta Lacks',
      });
    });

    it('should say what a memory superseded and what superseded it', async () => {
      const old = await remember('My name is Walter Green');
      const current = await remember('My name is Walter Brown');
      const oldDetails = await ok<Details>(t, `/api/memories/${old}`);
      const currentDetails = await ok<Details>(t, `/api/memories/${current}`);

      expect(oldDetails.memory).toMatchObject({ status: 'SUPERSEDED', supersededById: current });
      expect(oldDetails.supersededBy?.id).toBe(current);
      expect(currentDetails.supersedes.map((m) => m.id)).toEqual([old]);
      expect(currentDetails.supersededBy).toBeNull();
      expect(currentDetails.provenance).toMatchObject({ role: 'USER', message: null });
    });

    it('should list associations both ways, up to the limit asked', async () => {
      const hub = await remember('Project Kestrel ships the mobile app', { type: 'FACT' });
      const a = await remember('Kestrel uses React Native', { type: 'FACT' });
      const b = await remember('Kestrel has a beta in March', { type: 'EVENT' });
      await link(hub, a);
      await link(b, hub);
      const details = await ok<Details>(t, `/api/memories/${hub}`);
      const one = await ok<Details>(t, `/api/memories/${hub}?associations=1`);

      expect(details.associations.map((x) => [x.memory.id, x.direction, x.type])).toEqual(
        expect.arrayContaining([
          [a, 'OUT', 'RELATED_TO'],
          [b, 'IN', 'RELATED_TO'],
        ]),
      );
      expect(one.associations).toHaveLength(1);
      expectError(await rest(t, `/api/memories/${hub}?associations=201`), 400, 'BAD_USER_INPUT');
    });

    it('should answer 404 for an unknown id and 400 for one that is not a UUID', async () => {
      expectError(await rest(t, `/api/memories/${randomUUID()}`), 404, 'NOT_FOUND');
      expectError(await rest(t, '/api/memories/not-a-uuid'), 400, 'BAD_USER_INPUT');
    });

    it('should answer a path no route serves in the REST error shape, and leave other paths to the default 404', async () => {
      expectError(await rest(t, '/api/no-such-thing'), 404, 'NOT_FOUND');
      expectError(await rest(t, `/api/memories/${randomUUID()}/no-such-view`, { method: 'POST' }), 404, 'NOT_FOUND');
      const other = await fetch(`${origin(t)}/no-such-page`);
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ statusCode: 404 });
    });
  });

  describe('GET /api/memories/:id/graph', () => {
    it('should give the neighbourhood within the hops asked, limited to maxNodes', async () => {
      const centre = await remember('Falcon is the payments service', { type: 'FACT' });
      const near = await remember('Falcon is written in Go', { type: 'FACT' });
      const far = await remember('Go services deploy through Argo', { type: 'FACT' });
      await link(centre, near);
      await link(near, far);

      const two = await ok<Graph>(t, `/api/memories/${centre}/graph`);
      const one = await ok<Graph>(t, `/api/memories/${centre}/graph?hops=1`);
      const small = await ok<Graph>(t, `/api/memories/${centre}/graph?maxNodes=2`);

      expect(two.centreId).toBe(centre);
      expect(new Set(two.nodes.map((n) => n.id))).toEqual(new Set([centre, near, far]));
      expect(two.edges).toEqual(
        expect.arrayContaining([
          { fromId: centre, toId: near, type: 'RELATED_TO', weight: 0.9 },
          { fromId: near, toId: far, type: 'RELATED_TO', weight: 0.9 },
        ]),
      );
      expect(one.nodes.map((n) => n.id).sort()).toEqual([centre, near].sort());
      expect(small.nodes).toHaveLength(2);
      expect(small.truncated).toBe(true);
      expect(
        small.edges.every(
          (e) => small.nodes.some((n) => n.id === e.fromId) && small.nodes.some((n) => n.id === e.toId),
        ),
      ).toBe(true);
      expectError(await rest(t, `/api/memories/${centre}/graph?hops=3`), 400, 'BAD_USER_INPUT');
      expectError(await rest(t, `/api/memories/${centre}/graph?maxNodes=151`), 400, 'BAD_USER_INPUT');
    });
  });

  describe('POST /api/memories/:id/forget and DELETE /api/memories/:id', () => {
    it('should forget a memory: kept for audit, out of lists and search', async () => {
      const id = await remember('I collect vintage fountain pens', { type: 'PREFERENCE' });
      const forgotten = await ok<MemoryDto>(t, `/api/memories/${id}/forget`, { method: 'POST' });
      const active = await ok<Page<MemoryDto>>(t, '/api/memories?types=PREFERENCE&limit=500');
      const audit = await ok<Page<MemoryDto>>(t, '/api/memories?statuses=FORGOTTEN');
      const search = await ok<SearchResult>(t, '/api/memories/search?q=fountain%20pens');

      expect(forgotten).toMatchObject({ id, status: 'FORGOTTEN' });
      expect(active.items.map((m) => m.id)).not.toContain(id);
      expect(audit.items.map((m) => m.id)).toContain(id);
      expect(search.hits.map((h) => h.memory.id)).not.toContain(id);
    });

    it('should delete a memory and its edges for good', async () => {
      const id = await remember('My locker code is in the blue notebook', { type: 'FACT' });
      const other = await remember('The blue notebook is in the top drawer', { type: 'FACT' });
      await link(id, other);

      expect(await ok(t, `/api/memories/${id}`, { method: 'DELETE' })).toEqual({ deleted: true });
      expectError(await rest(t, `/api/memories/${id}`), 404, 'NOT_FOUND');
      expectError(await rest(t, `/api/memories/${id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
      expect((await ok<Details>(t, `/api/memories/${other}`)).associations).toEqual([]);
    });

    it('should refuse a body that is not JSON with 400 BAD_USER_INPUT and change nothing', async () => {
      const id = await remember('I run on Sunday mornings', { type: 'PREFERENCE' });
      const res = await rest(t, `/api/memories/${id}/forget`, { method: 'POST', body: '{not json' });

      expectError(res, 400, 'BAD_USER_INPUT');
      expect((await ok<Details>(t, `/api/memories/${id}`)).memory.status).toBe('ACTIVE');
    });
  });

  describe('tenant isolation', () => {
    it("should never show or change another tenant's memory: 404 as for an unknown id", async () => {
      const id = await remember('Alice keeps her passport in the safe', { type: 'FACT' });
      const bob = { key: KEYS.bob };

      for (const [method, path] of [
        ['GET', `/api/memories/${id}`],
        ['GET', `/api/memories/${id}/graph`],
        ['POST', `/api/memories/${id}/forget`],
        ['DELETE', `/api/memories/${id}`],
      ] as const) {
        const res = await rest<RestError>(t, path, { method, ...bob });
        expectError(res, 404, 'NOT_FOUND');
        expect(res.body.error.message).toBe(`memory "${id}" not found`);
      }
      const list = await ok<Page<MemoryDto>>(t, '/api/memories?limit=500', bob);
      const search = await ok<SearchResult>(t, '/api/memories/search?q=passport%20safe', bob);

      expect(list.items.map((m) => m.id)).not.toContain(id);
      expect(search.hits).toEqual([]);
      expect((await ok<Details>(t, `/api/memories/${id}`)).memory.status).toBe('ACTIVE');
    });

    it('should keep channels, messages and bulletins to their tenant', async () => {
      const channelId = `alice-only-${randomUUID().slice(0, 8)}`;
      await chat.append({ channelId, content: 'a message for alice only' });
      const bobChannels = await ok<Page<{ id: string }>>(t, '/api/channels?limit=500', { key: KEYS.bob });

      expect(bobChannels.items.map((c) => c.id)).not.toContain(channelId);
      expectError(await rest(t, `/api/channels/${channelId}/messages`, { key: KEYS.bob }), 404, 'NOT_FOUND');
      const bobBulletin = await ok<{ content: string; memoryIds: string[] }>(t, '/api/bulletin/refresh', {
        method: 'POST',
        key: KEYS.bob,
      });
      expect(bobBulletin.content).not.toContain('passport');
      expect(bobBulletin.memoryIds).toEqual([]);
    });
  });

  describe('bulletin', () => {
    it('should read the latest bulletin and refresh it on demand', async () => {
      const fresh = await startTestApp();
      try {
        expect(await ok(fresh, '/api/bulletin')).toEqual({ bulletin: null });
        const id = (await new MemoryApi(fresh).remember({ content: 'I am allergic to peanuts', type: 'IDENTITY' }))
          .memory?.id;
        const refreshed = await ok<{ id: string; content: string; memoryIds: string[]; generatedAt: string }>(
          fresh,
          '/api/bulletin/refresh',
          {
            method: 'POST',
          },
        );
        const latest = await ok<{ bulletin: { id: string } }>(fresh, '/api/bulletin');

        expect(refreshed.content).toContain('allergic to peanuts');
        expect(refreshed.memoryIds).toEqual([id]);
        expect(Number.isNaN(Date.parse(refreshed.generatedAt))).toBe(false);
        expect(latest.bulletin.id).toBe(refreshed.id);
        expectError(await rest(fresh, '/api/bulletin?verbose=1'), 400, 'BAD_USER_INPUT');
      } finally {
        await fresh.close();
      }
    });
  });

  describe('channels and messages', () => {
    it('should page channels in id order and a channel’s messages from the newest back', async () => {
      const prefix = `page-${randomUUID().slice(0, 6)}`;
      const names = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
      for (const name of names) {
        await chat.append({ channelId: name, content: `hello from ${name}`, role: 'ASSISTANT' });
      }
      for (let i = 1; i <= 4; i++) {
        await chat.append({ channelId: names[0]!, content: `message number ${i}`, role: 'ASSISTANT' });
      }

      const listed: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? '' : `&cursor=${cursor}`;
        const page: Page<{ id: string; messageCount: number }> = await ok(t, `/api/channels?limit=2${query}`);
        expect(page.items.length).toBeLessThanOrEqual(2);
        listed.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(listed.filter((id) => id.startsWith(prefix))).toEqual(names);
      expect([...listed].sort()).toEqual(listed);

      const newest = await ok<Page<{ content: string }>>(t, `/api/channels/${names[0]}/messages?limit=2`);
      const older = await ok<Page<{ content: string }>>(
        t,
        `/api/channels/${names[0]}/messages?limit=2&cursor=${newest.nextCursor}`,
      );
      const oldest = await ok<Page<{ content: string }>>(
        t,
        `/api/channels/${names[0]}/messages?limit=2&cursor=${older.nextCursor}`,
      );

      expect(newest.items.map((m) => m.content)).toEqual(['message number 3', 'message number 4']);
      expect(older.items.map((m) => m.content)).toEqual(['message number 1', 'message number 2']);
      expect(oldest).toEqual({
        items: [expect.objectContaining({ content: `hello from ${names[0]}`, role: 'ASSISTANT' })],
        nextCursor: null,
        learned: [],
      });
    });

    it('should refuse bad paging input and unknown channels', async () => {
      expectError(await rest(t, '/api/channels?limit=0'), 400, 'BAD_USER_INPUT');
      expectError(await rest(t, '/api/channels?cursor=%24%24%24'), 400, 'BAD_USER_INPUT');
      expectError(await rest(t, '/api/channels/general/messages?cursor=bm9wZQ'), 400, 'BAD_USER_INPUT');
      expectError(await rest(t, `/api/channels/no-such-${randomUUID()}/messages`), 404, 'NOT_FOUND');
      expectError(await rest(t, `/api/channels/${'x'.repeat(129)}/messages`), 400, 'BAD_USER_INPUT');
    });
  });

  describe('OpenAPI', () => {
    it('should serve a document generated from the controllers at /api/docs in development', async () => {
      const doc = (await (await fetch(`${origin(t)}/api/docs/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
        components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
      };

      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/memories',
          '/api/memories/search',
          '/api/memories/{id}',
          '/api/memories/{id}/graph',
          '/api/memories/{id}/forget',
          '/api/bulletin',
          '/api/bulletin/refresh',
          '/api/channels',
          '/api/channels/{id}/messages',
        ]),
      );
      expect(Object.keys(doc.paths['/api/memories/{id}']!)).toEqual(expect.arrayContaining(['get', 'delete']));
      expect(doc.paths['/api/memories/{id}']!['get']!.responses).toHaveProperty('404');
      expect(doc.components.schemas).toHaveProperty('MemoryDetailsDto');
      expect(doc.components.schemas).toHaveProperty('ScoreBreakdownDto');
      expect(doc.components.securitySchemes).toHaveProperty('bearer');
      const page = await fetch(`${origin(t)}/api/docs`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('x-powered-by')).toBeNull();
      // idle connections outlast the clients' own keep-alive (5 s raced Node's fetch: ECONNRESET)
      expect(page.headers.get('keep-alive')).toBe('timeout=65');
    });

    it('should not serve /api/docs in production', async () => {
      const prod = await startTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'fatal' });
      try {
        expect((await fetch(`${origin(prod)}/api/docs/openapi.json`)).status).toBe(404);
        expect((await fetch(`${origin(prod)}/api/docs`)).status).toBe(404);
        // the viewer's source map is its whole source: not served in production (served in development)
        expect((await fetch(`${origin(prod)}/viewer/viewer.js.map`)).status).toBe(404);
        expect((await fetch(`${origin(prod)}/viewer/`)).headers.get('x-powered-by')).toBeNull();
      } finally {
        await prod.close();
      }
    });
  });
});
