import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

interface Item {
  id: string;
  supersededBy: { id: string; content: string } | null;
  associations: {
    type: string;
    direction: string;
    memory: { id: string; associations: { memory: { id: string } }[] };
  }[];
}

const PAGE = `query($limit: Int) {
  memories(limit: $limit, filter: { statuses: [ACTIVE, SUPERSEDED] }) {
    items {
      id
      supersededBy { id content }
      associations(limit: 5) { type direction memory { id associations(limit: 3) { memory { id } } } }
    }
  }
}`;

const ONE = `query($id: ID!) {
  memory(id: $id) {
    id
    supersededBy { id content }
    associations(limit: 5) { type direction memory { id associations(limit: 3) { memory { id } } } }
  }
}`;

describe('Memory field resolvers batched per request (e2e)', () => {
  let t: TestApp;
  let store: MemoryStore;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get<MemoryStore>(MEMORY_STORE);
    const api = new MemoryApi(t);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        (
          await api.remember({
            content: `Batch test memory ${i}: the ${['red', 'green', 'blue'][i % 3]} kite number ${i}`,
          })
        ).memory!.id,
      );
    }
    for (let i = 0; i + 1 < ids.length; i++) {
      const res = await t.gql(`mutation($input: LinkInput!) { link(input: $input) { type } }`, {
        input: { fromId: ids[i], toId: ids[i + 1], type: 'CAUSED_BY', weight: 0.5 },
      });
      expect(res.errors).toBeUndefined();
    }
    await api.remember({ content: "User's name is John", type: 'IDENTITY', slot: 'name' });
    await api.remember({ content: "User's name is Peter", type: 'IDENTITY', slot: 'name' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('should answer a page with two levels of edges and supersededBy in a handful of store queries', async () => {
    const edges = jest.spyOn(store, 'listAssociationsOf');
    const reads = jest.spyOn(store, 'getMemories');
    const single = jest.spyOn(store, 'getMemory');
    try {
      const res = await t.gql<{ memories: { items: Item[] } }>(PAGE, { limit: 50 });
      expect(res.errors).toBeUndefined();
      const items = res.data!.memories.items;
      expect(items.length).toBeGreaterThanOrEqual(14);
      // one edge query per level, and one read of the other ends per level plus one for supersededBy
      expect(edges).toHaveBeenCalledTimes(2);
      expect(reads.mock.calls.length).toBeLessThanOrEqual(3);
      expect(single).not.toHaveBeenCalled();
      const john = items.find((m) => m.supersededBy !== null);
      expect(john?.supersededBy?.content).toBe("User's name is Peter");

      // the same answers as asking for each memory on its own
      for (const item of items) {
        const one = await t.gql<{ memory: Item }>(ONE, { id: item.id });
        expect(one.data!.memory).toEqual(item);
      }
    } finally {
      edges.mockRestore();
      reads.mockRestore();
      single.mockRestore();
    }
  });
});
