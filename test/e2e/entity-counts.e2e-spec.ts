import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { ok } from 'test/e2e/support/rest-client';
import { expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

jest.setTimeout(60_000);

interface CountedEntity {
  name: string;
  memoryCount: number;
}

/** How many memories mention an entity, on both surfaces: GraphQL `Entity.memoryCount` and REST `memoryCount`. */
describe('entity memory counts (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const alice = new MemoryApi(t);
    await alice.remember({ content: 'My sister Ana moved to Lisbon', type: 'FACT' });
    await alice.remember({ content: 'Ana Silva teaches chemistry in Porto', type: 'FACT' });
    await new MemoryApi(t, KEYS.bob).remember({ content: 'Ana from the gym lives in Lisbon', type: 'FACT' });
    // the links follow the writes (OwedEntityLinks): counted once they are made
    await t.app.get(OwedEntityLinks).settled();
  });

  afterAll(async () => {
    await t?.close();
  });

  it("should count the tenant's memories mentioning each entity, merged names included, never another tenant's", async () => {
    const res = await t.gql<{ entities: (CountedEntity & { related: { entity: CountedEntity; shared: number }[] })[] }>(
      `{ entities(limit: 10) { name memoryCount related { entity { name memoryCount } shared } } }`,
    );
    const graphql = expectData(res, 'entities').entities;
    const listed = await ok<CountedEntity[]>(t, '/api/entities?limit=10');

    const counts = (list: CountedEntity[]): Record<string, number> =>
      Object.fromEntries(list.map((e) => [e.name, e.memoryCount]));
    expect(counts(graphql)).toEqual({ Ana: 2, Lisbon: 1, Porto: 1 });
    expect(counts(listed)).toEqual(counts(graphql));
    const ana = graphql.find((e) => e.name === 'Ana');
    expect(ana?.related.map((r) => [r.entity.name, r.entity.memoryCount, r.shared]).sort()).toEqual([
      ['Lisbon', 1, 1],
      ['Porto', 1, 1],
    ]);
  });
});
