import { getIntrospectionQuery } from 'graphql';

import { GRAPHQL_LIMITS } from 'src/graphql/limits';
import { MAX_LIST_ENTRIES } from 'src/graphql/list-limits';
import { MAX_CLIENT_IMPORT_ITEMS } from 'src/memory/memory-import.service';
import { codes, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import {
  aliasFlood,
  deepNesting,
  directiveFlood,
  FAN_OUT_QUERY,
  fragmentBomb,
  FRIENDLY_QUERY,
} from 'test/support/hostile-documents';

describe('GraphQL limits (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  async function expectTooComplex(body: Record<string, unknown>, message: RegExp): Promise<void> {
    const res = await t.post(body);
    expect(codes(res.body)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(res.body.errors![0]!.message).toMatch(message);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
  }

  it('should answer a friendly query', async () => {
    const res = await t.post({ query: FRIENDLY_QUERY, variables: { limit: 500 } });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });

  it('should refuse the 40-fragment bomb with QUERY_TOO_COMPLEX, not walk 2^40 spreads', async () => {
    // the walk this replaced took 1 s at 20 fragments and four times longer for every two more
    await expectTooComplex({ query: fragmentBomb(40) }, /query cost \d+ exceeds/);
  });

  it('should refuse the fragment bomb without a key before parsing it (401, UNAUTHENTICATED)', async () => {
    const res = await t.post({ query: fragmentBomb(80) }, null);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(codes(res.body)).toEqual(['UNAUTHENTICATED']);
  });

  it('should refuse a document over the token limit', async () => {
    await expectTooComplex(
      { query: `{ ${'__typename '.repeat(GRAPHQL_LIMITS.maxTokens)}}` },
      /more than 2000 tokens, the limit/,
    );
  });

  it('should refuse a query deeper than the depth limit', async () => {
    await expectTooComplex({ query: deepNesting(5) }, /depth limit of 10 exceeded, found 13/);
  });

  it('should refuse more aliases than the alias limit', async () => {
    await expectTooComplex(
      { query: aliasFlood(GRAPHQL_LIMITS.maxAliases + 1) },
      /Aliases limit of 30 exceeded, found 31/,
    );
  });

  it('should refuse more directives than the directive limit', async () => {
    const query = `query { ${'__typename @include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)}}`;
    await expectTooComplex({ query }, /Directives limit of 20 exceeded, found 21/);
    // the same directive twice on one field is a graphql-js validation error
    expect(new Set(codes((await t.post({ query: directiveFlood(3) })).body))).toEqual(new Set(['BAD_USER_INPUT']));
  });

  it('should count limit arguments given as literals and as variables in the fan-out cost', async () => {
    const literal = FAN_OUT_QUERY.replace(/\$outer/g, '500')
      .replace(/\$inner/g, '200')
      .replace(/^query\([^)]*\)/, 'query');
    await expectTooComplex({ query: literal }, /query cost \d+ exceeds the limit of 100000/);
    await expectTooComplex(
      { query: FAN_OUT_QUERY, variables: { outer: 500, inner: 200 } },
      /query cost 40[0-9]{6} exceeds/,
    );
    // the defaults (50 memories, 20 edges each) fit
    const res = await t.post({ query: FAN_OUT_QUERY, variables: {} });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });

  it('should keep the limits when the fields come through fragments', async () => {
    const query = `query { ...Q } fragment Q on Query { memories(limit: 500) { items { ...E } } }
      fragment E on Memory { associations(limit: 200) { memory { associations(limit: 200) { memory { id } } } } }`;
    await expectTooComplex({ query }, /query cost \d+ exceeds/);
  });

  it('should answer the standard introspection query where the sandbox is on', async () => {
    expect(t.config.sandbox).toBe(true);
    const res = await t.post<{ __schema: { queryType: { name: string }; types: unknown[] } }>({
      query: getIntrospectionQuery(),
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.__schema.queryType.name).toBe('Query');
    expect(res.body.data!.__schema.types.length).toBeGreaterThan(20);
  });
});

describe('GraphQL limits in production (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('should refuse introspection and serve no sandbox', async () => {
    expect(t.config.sandbox).toBe(false);
    const res = await t.post({ query: getIntrospectionQuery() });
    expect(res.status).toBe(400);
    expect(new Set(codes(res.body))).toEqual(new Set(['BAD_USER_INPUT']));
    expect(res.body.errors![0]!.message).toMatch(/introspection/i);
    const page = await fetch(t.url, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/sandbox/i);
  });

  it('should not suggest field names', async () => {
    const res = await t.gql('{ memorie { total } }', {}, KEYS.alice);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).not.toMatch(/Did you mean/);
  });

  it.each([
    ['memories filter types', 'query($l: [MemoryType!]) { memories(filter: { types: $l }) { total } }', 'FACT'],
    [
      'memories filter statuses',
      'query($l: [MemoryStatus!]) { memories(filter: { statuses: $l }) { total } }',
      'ACTIVE',
    ],
    [
      'recall types',
      'query($l: [MemoryType!]) { recall(input: { query: "x", types: $l }) { hits { score } } }',
      'FACT',
    ],
    [
      'association types',
      'query($l: [RelationType!]) { memories { items { associations(types: $l) { weight } } } }',
      'RELATED_TO',
    ],
  ])(
    'should refuse a list argument over its cap (%s, 40,000 entries) with BAD_USER_INPUT',
    async (_name, query, entry) => {
      const res = await t.post({ query, variables: { l: Array.from({ length: 40_000 }, () => entry) } });
      expect(res.status).toBe(400);
      expect(codes(res.body)).toEqual(['BAD_USER_INPUT']);
      expect(res.body.errors![0]!.message).toMatch(`takes at most ${MAX_LIST_ENTRIES} entries, got 40000`);
      const within = await t.post({ query, variables: { l: Array.from({ length: MAX_LIST_ENTRIES }, () => entry) } });
      expect(within.body.errors).toBeUndefined();
    },
  );

  it('should refuse a long list inside an input object variable, read before coercion', async () => {
    const query = 'query($f: MemoryFilter) { memories(filter: $f) { total } }';
    const res = await t.post({ query, variables: { f: { types: Array.from({ length: 40_000 }, () => 'FACT') } } });
    expect(codes(res.body)).toEqual(['BAD_USER_INPUT']);
    expect(res.body.errors![0]!.message).toMatch('MemoryFilter.types takes at most');
    const lone = await t.post({ query, variables: { f: { types: 'FACT' } } });
    expect(lone.body.errors).toBeUndefined();
  });

  it('should refuse an import of more items than a call takes before coercing them, and write nothing', async () => {
    const query = 'mutation($items: [ImportMemoryInput!]!) { importMemories(items: $items) { created } }';
    const items = (n: number): { content: string }[] =>
      Array.from({ length: n }, (_, i) => ({ content: `Import cap note ${i}: the user keeps jar ${i} on the shelf` }));
    const over = await t.post({ query, variables: { items: items(MAX_CLIENT_IMPORT_ITEMS + 1) } });
    expect(codes(over.body)).toEqual(['BAD_USER_INPUT']);
    expect(over.body.errors![0]!.message).toMatch(`takes at most ${MAX_CLIENT_IMPORT_ITEMS} entries`);
    const count = await t.gql<{ memories: { total: number } }>('{ memories { total } }');
    expect(count.data?.memories.total).toBe(0);
    const within = await t.post<{ importMemories: { created: number } }>({
      query,
      variables: { items: items(MAX_CLIENT_IMPORT_ITEMS) },
    });
    expect(within.body.data?.importMemories.created).toBe(MAX_CLIENT_IMPORT_ITEMS);
  });

  it('should refuse a long list written into the document as well', async () => {
    const list = Array.from({ length: MAX_LIST_ENTRIES + 1 }, () => 'FACT').join(' ');
    const res = await t.post({ query: `{ memories(filter: { types: [${list}] }) { total } }` });
    expect(codes(res.body)).toEqual(['BAD_USER_INPUT']);
  });
});
