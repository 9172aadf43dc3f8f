import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import { MemoryApi } from 'test/e2e/support/memory-api';
import { origin, rest } from 'test/e2e/support/rest-client';
import type { RestError } from 'test/e2e/support/rest-client';
import { expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/** Validity in time over HTTP: a scripted life through the write path, then what was believed at given moments. */

// each test makes up to a dozen calls; a loaded machine (a Neo4j store, shared cores) takes more than the default
jest.setTimeout(60_000);

interface Interval {
  id: string;
  content: string;
  status: string;
  validFrom: string;
  validUntil: string | null;
}

const FIELDS = 'id content status validFrom validUntil';
const HISTORY = `query($slot: String!) { history(slot: $slot) { ${FIELDS} } }`;
const MEMORIES = `query($asOf: DateTime) { memories(asOf: $asOf, limit: 100) { total items { ${FIELDS} } } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { hits { memory { ${FIELDS} } } } }`;

/** The first of a month of 2024 (0: January), or a day of it, as ISO-8601. */
function month(m: number, day = 1): string {
  return new Date(Date.UTC(2024, m, day)).toISOString();
}

function contents(items: readonly { content: string }[]): string[] {
  return items.map((m) => m.content).sort();
}

describe('validity in time: asOf and history (e2e)', () => {
  let t: TestApp;
  let api: MemoryApi;

  /** What each call of the life wrote (its memory's content, as the write path stored it). */
  const life: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    api = new MemoryApi(t);
    const said = async (content: string, occurredAt: string, key: string = KEYS.alice): Promise<string> => {
      const result = await api.as(key).remember({ content, occurredAt });
      expect(result.outcome).toBe('CREATED');

      return result.memory!.content;
    };
    life['bristol'] = await said('I live in Bristol', month(0));
    life['hooli'] = await said('I work at Hooli', month(0, 2));
    life['jon'] = await said('My name is Jon', month(0, 3));
    // a name correction that names no slot: the name slot's holder is written anew with the new value
    life['john'] = await said('I said Jon but I meant John', month(1));
    life['bath'] = await said('I live in Bath', month(2));
    life['initech'] = await said('I work at Initech', month(5));
    life['left'] = await said("I don't work at Initech anymore", month(8));
    // another tenant living the same months
    await said('I live in Oslo', month(0), KEYS.bob);
    await said('I work at Globex', month(0), KEYS.bob);
  }, 120_000);

  afterAll(() => t.close());

  async function history(slot: string, key: string = KEYS.alice): Promise<Interval[]> {
    const res = await t.gql<{ history: Interval[] }>(HISTORY, { slot }, key);

    return expectData(res, `history(${slot})`).history;
  }

  async function memoriesAsOf(asOf: string): Promise<Interval[]> {
    const res = await t.gql<{ memories: { total: number; items: Interval[] } }>(MEMORIES, { asOf });
    const page = expectData(res, 'memories').memories;
    expect(page.total).toBe(page.items.length);

    return page.items;
  }

  async function recallAsOf(query: string, asOf: string, key: string = KEYS.alice): Promise<Interval[]> {
    const res = await t.gql<{ recall: { hits: { memory: Interval }[] } }>(
      RECALL,
      { input: { query, asOf, limit: 20 } },
      key,
    );

    return expectData(res, 'recall').recall.hits.map((h) => h.memory);
  }

  it("should list each slot's values oldest first with the intervals corrections and retractions gave them", async () => {
    const locations = await history('location');
    expect(locations.map((m) => [m.content, m.status, m.validFrom, m.validUntil])).toEqual([
      [life['bristol'], 'SUPERSEDED', month(0), month(2)],
      [life['bath'], 'ACTIVE', month(2), null],
    ]);
    const employers = await history('employer');
    expect(employers.map((m) => [m.content, m.validFrom, m.validUntil])).toEqual([
      [life['hooli'], month(0, 2), month(5)],
      [life['initech'], month(5), month(8)],
    ]);
    const names = await history('name');
    expect(names.map((m) => [m.validFrom, m.validUntil])).toEqual([
      [month(0, 3), month(1)],
      [month(1), null],
    ]);
    expect(names[1]?.content).toMatch(/John/u);

    const viaRest = await rest<Interval[]>(t, '/api/slots/employer/history');
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.map((m) => [m.id, m.validFrom, m.validUntil])).toEqual(
      employers.map((m) => [m.id, m.validFrom, m.validUntil]),
    );
    expect((await history('employer', KEYS.bob)).map((m) => m.content)).toEqual([expect.stringMatching(/Globex/u)]);
  });

  it('should recall what was believed then, whatever the status today, and only the asking tenant’s', async () => {
    const march = await recallAsOf('Where does the user live?', month(1, 15));
    expect(march.map((m) => m.content)).toContain(life['bristol']);
    expect(march.map((m) => m.content)).not.toContain(life['bath']);
    expect(march.every((m) => m.validFrom <= month(1, 15))).toBe(true);

    const april = await recallAsOf('Where does the user live?', month(3));
    expect(april.map((m) => m.content)).toContain(life['bath']);
    expect(april.map((m) => m.content)).not.toContain(life['bristol']);
    const july = await recallAsOf('Where does the user work?', month(6));
    expect(july.map((m) => m.content)).toContain(life['initech']);
    expect(july.map((m) => m.content)).not.toContain(life['hooli']);
    const october = await recallAsOf('Where does the user work?', month(9));
    expect(october.map((m) => m.content)).not.toContain(life['initech']);
    // without asOf: today's beliefs only
    const today = await t.gql<{ recall: { hits: { memory: Interval }[] } }>(RECALL, {
      input: { query: 'Where does the user live?', limit: 20 },
    });
    expect(expectData(today, 'recall').recall.hits.map((h) => h.memory.content)).not.toContain(life['bristol']);

    const bobs = await recallAsOf('Where does the user live?', month(1, 15), KEYS.bob);
    expect(bobs.map((m) => m.content)).not.toContain(life['bristol']);
    expect(march.map((m) => m.content).join(' ')).not.toMatch(/Oslo|Globex/u);

    const viaRest = await rest<{ hits: { memory: Interval }[] }>(t, '/api/recall', {
      method: 'POST',
      body: JSON.stringify({ query: 'Where does the user live?', asOf: month(1, 15), limit: 20 }),
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.hits.map((h) => h.memory.id)).toEqual(march.map((m) => m.id));
    const search = await rest<{ hits: { memory: Interval }[] }>(
      t,
      `/api/memories/search?q=${encodeURIComponent('Where does the user live?')}&limit=20&asOf=${month(1, 15)}`,
    );
    expect(search.body.hits.map((h) => h.memory.id)).toEqual(march.map((m) => m.id));
  });

  it('should list the memories believed at a moment over GraphQL and REST alike', async () => {
    const april = await memoriesAsOf(month(3));
    expect(contents(april)).toEqual(contents([{ content: life['bath']! }, { content: life['hooli']! }, names(april)]));
    const viaRest = await rest<{ items: Interval[]; total: number }>(t, `/api/memories?asOf=${month(3)}&limit=100`);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.items.map((m) => m.id)).toEqual(april.map((m) => m.id));
    expect(await memoriesAsOf('2023-06-01T00:00:00.000Z')).toEqual([]);
  });

  it('should answer recall with asOf over MCP', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${origin(t)}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${KEYS.alice}` } },
    });
    const client = new Client({ name: 'engram-e2e', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: 'recall',
        arguments: { query: 'Where does the user live?', asOf: month(1, 15), limit: 20 },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const [first] = result.content;
      const body = JSON.parse(first?.type === 'text' ? first.text : '{}') as { hits: { content: string }[] };
      expect(body.hits.map((h) => h.content)).toContain(life['bristol']);
      expect(body.hits.map((h) => h.content)).not.toContain(life['bath']);
    } finally {
      await client.close();
    }
  });

  it('should refuse an unparseable or far-future asOf and a bad slot with BAD_USER_INPUT, on both surfaces', async () => {
    const codes = (res: { errors?: { extensions?: { code?: string } }[] }): string[] =>
      (res.errors ?? []).map((e) => e.extensions?.code ?? '');
    for (const asOf of ['last spring', '2999-01-01T00:00:00.000Z']) {
      expect(codes(await t.gql(MEMORIES, { asOf }))).toEqual(['BAD_USER_INPUT']);
      expect(codes(await t.gql(RECALL, { input: { query: 'where', asOf } }))).toEqual(['BAD_USER_INPUT']);
      const viaRest = await rest<RestError>(t, '/api/recall', {
        method: 'POST',
        body: JSON.stringify({ query: 'where', asOf }),
      });
      expect([viaRest.status, viaRest.body.error.code]).toEqual([400, 'BAD_USER_INPUT']);
      const list = await rest<RestError>(t, `/api/memories?asOf=${encodeURIComponent(asOf)}`);
      expect([list.status, list.body.error.code]).toEqual([400, 'BAD_USER_INPUT']);
    }
    expect(codes(await t.gql(HISTORY, { slot: 'Not a slot!' }))).toEqual(['BAD_USER_INPUT']);
    const slot = await rest<RestError>(t, '/api/slots/Not%20a%20slot!/history');
    expect([slot.status, slot.body.error.code]).toEqual([400, 'BAD_USER_INPUT']);
  });
});

/** The name memory believed in April (its content is the write path's rewording of the correction). */
function names(items: readonly Interval[]): { content: string } {
  return { content: items.find((m) => /John/u.test(m.content))?.content ?? 'no name memory' };
}
