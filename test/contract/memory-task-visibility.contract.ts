import type { MemoryDraft, MemoryStore, Visibility } from 'src/domain/memory-store.port';
import { MemoryStatus, MemoryType, SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { at, embed, remember } from 'test/contract/memory-fixtures';
import { useContractStores } from 'test/contract/memory-store.contract';
import type { StoreHarness } from 'test/contract/store-harness';

const ACTIVE = [MemoryStatus.ACTIVE];

function ids(items: readonly { id: string }[]): string[] {
  return items.map((item) => item.id);
}

function taskSource(taskId: string): Partial<MemoryDraft> {
  return { source: { role: SourceRole.TASK, channelId: null, messageId: null, taskId, skillId: 'daily-digest' } };
}

/** Task isolation in every search (vectors, text, metadata) and the MOST_ACCESSED order, for every adapter. */
export function describeTaskVisibilityContract(harness: StoreHarness): void {
  describe(`MemoryStore task isolation and sorting (${harness.name})`, () => {
    const suite = useContractStores(harness);
    const tenant = suite.tenant;
    let store: MemoryStore;
    beforeAll(() => {
      store = suite.stores().memories;
    });

    /** A shared memory, one of task-a and one of task-b, all about the same thing; task memories are the closest. */
    async function seed(t: string): Promise<{ shared: MemoryRecord; a: MemoryRecord; b: MemoryRecord }> {
      const when = (i: number) => ({ createdAt: at(i), updatedAt: at(i), lastSeenAt: at(i), occurredAt: at(i) });
      const shared = await remember(store, t, 'The user reads the weather report about rain in Oslo', {
        overrides: when(1),
      });
      const a = await remember(store, t, 'Task A found the weather report: rain in Oslo', {
        overrides: { ...when(2), ...taskSource('task-a') },
        vectorText: 'weather report rain Oslo',
      });
      const b = await remember(store, t, 'Task B found the weather report: rain in Oslo tomorrow', {
        overrides: { ...when(3), ...taskSource('task-b') },
        vectorText: 'weather report rain Oslo',
      });

      return { shared, a, b };
    }

    it('should see every task memory without a task filter (write path, consolidation)', async () => {
      const t = tenant();
      const { shared, a, b } = await seed(t);
      const all: Visibility = { statuses: ACTIVE };
      const vector = await embed('weather report rain Oslo');

      expect(ids(await store.searchVectors(t, vector, 10, all)).sort()).toEqual(ids([shared, a, b]).sort());
      expect(ids(await store.searchText(t, 'weather rain Oslo', 10, all)).sort()).toEqual(ids([shared, a, b]).sort());
      expect(ids(await store.queryByMetadata(t, all, 'recent', 10))).toEqual(ids([b, a, shared]));
    });

    it('should leave every task memory out of interactive recall (task filter without a task id)', async () => {
      const t = tenant();
      const { shared } = await seed(t);
      const interactive: Visibility = { statuses: ACTIVE, task: { taskId: null } };
      const vector = await embed('weather report rain Oslo');

      expect(ids(await store.searchVectors(t, vector, 10, interactive))).toEqual([shared.id]);
      expect(ids(await store.searchText(t, 'weather rain Oslo', 10, interactive))).toEqual([shared.id]);
      expect(ids(await store.queryByMetadata(t, interactive, 'recent', 10))).toEqual([shared.id]);
      expect(ids(await store.queryByMetadata(t, interactive, 'importance', 10))).toEqual([shared.id]);
      expect(ids(await store.queryByMetadata(t, interactive, 'accessed', 10))).toEqual([shared.id]);
    });

    it("should show a task its own memories and the shared ones, never another task's", async () => {
      const t = tenant();
      const { shared, a } = await seed(t);
      const asTaskA: Visibility = { statuses: ACTIVE, task: { taskId: 'task-a' } };
      const vector = await embed('weather report rain Oslo');

      expect(ids(await store.searchVectors(t, vector, 10, asTaskA)).sort()).toEqual(ids([shared, a]).sort());
      expect(ids(await store.searchText(t, 'weather rain Oslo', 10, asTaskA)).sort()).toEqual(ids([shared, a]).sort());
      expect(ids(await store.queryByMetadata(t, asTaskA, 'recent', 10))).toEqual(ids([a, shared]));
      const unknownTask: Visibility = { statuses: ACTIVE, task: { taskId: 'task-z' } };
      expect(ids(await store.queryByMetadata(t, unknownTask, 'recent', 10))).toEqual([shared.id]);
    });

    it("should fill k from shared memories when another task's memories are closer", async () => {
      const t = tenant();
      for (let i = 0; i < 12; i++) {
        await remember(store, t, `Task B note ${i} about the quarterly budget`, {
          overrides: taskSource('task-b'),
          vectorText: 'quarterly budget',
        });
      }
      const shared = [];
      for (let i = 0; i < 3; i++) {
        shared.push(await remember(store, t, `Shared note ${i} on the quarterly budget review`));
      }
      const hits = await store.searchVectors(t, await embed('quarterly budget'), 3, {
        statuses: ACTIVE,
        task: { taskId: null },
      });

      expect(ids(hits).sort()).toEqual(ids(shared).sort());
    });

    it('should order MOST_ACCESSED by access count, then by last access, then newest', async () => {
      const t = tenant();
      const when = (i: number) => ({ createdAt: at(i), updatedAt: at(i), lastSeenAt: at(i), occurredAt: at(i) });
      const never = await remember(store, t, 'Accessed never, newest', { overrides: when(9) });
      const once = await remember(store, t, 'Accessed once, long ago', { overrides: when(1) });
      const onceLater = await remember(store, t, 'Accessed once, recently', { overrides: when(2) });
      const thrice = await remember(store, t, 'Accessed three times', {
        overrides: { ...when(3), type: MemoryType.GOAL },
      });
      await store.recordAccess(t, [once.id], at(100));
      await store.recordAccess(t, [onceLater.id], at(200));
      await store.recordAccess(t, [thrice.id], at(101));
      await store.recordAccess(t, [thrice.id], at(102));
      await store.recordAccess(t, [thrice.id], at(103));
      const visible: Visibility = { statuses: ACTIVE, task: { taskId: null } };

      expect(ids(await store.queryByMetadata(t, visible, 'accessed', 10))).toEqual(
        ids([thrice, onceLater, once, never]),
      );
      expect(ids(await store.queryByMetadata(t, { ...visible, types: [MemoryType.FACT] }, 'accessed', 2))).toEqual(
        ids([onceLater, once]),
      );
    });
  });
}
