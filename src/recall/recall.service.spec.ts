import { BadInputError } from 'src/common/errors';
import { JobName } from 'src/domain/job.types';
import { MemoryStatus, MemoryType, SourceRole } from 'src/domain/memory.enums';
import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import type { RememberRequest } from 'src/memory/remember-input';
import { weightsForModel } from 'src/recall/fusion-weights';
import { RecallService, SearchMode } from 'src/recall/recall.service';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit } from 'test/support/service-kit';

// each test opens a SQLite store and a Nest context: well under a second alone, seconds on a busy shared machine
jest.setTimeout(20_000);

/**
 * Recall's orchestration over a real SQLite store: which retrievers run per mode, what it filters, and the access
 * bookkeeping it defers to the job queue. (The scoring itself is in ranking.spec and hybrid-ranking.spec.)
 */
describe(RecallService.name, () => {
  const tenant = 'acme';
  let kit: ServiceKit;
  let sut: RecallService;
  let write: MemoryWriteService;

  async function remember(content: string, extra: Omit<RememberRequest, 'content'> = {}) {
    const result = await write.remember(tenant, { ...extra, content });

    return result.memory!;
  }

  beforeEach(async () => {
    kit = await openServiceKit();
    sut = kit.get(RecallService);
    write = kit.get(MemoryWriteService);
  });

  afterEach(() => kit.close());

  it('should find a memory by its words and by its vector, and say that vectors were used', async () => {
    const bees = await remember('The user keeps bees on the roof of the garage');
    await remember('The quarterly report is due on Friday');

    const output = await sut.recall(tenant, { query: 'Where are the bees kept?' });

    expect(output.usedVectors).toBe(true);
    expect(output.hits[0]?.memory.id).toBe(bees.id);
    expect(output.hits[0]?.explanation.text).not.toBeNull();
    expect(output.hits[0]?.explanation.vector).not.toBeNull();
  });

  it('should answer from full text alone when the embedder is down', async () => {
    const bees = await remember('The user keeps bees on the roof of the garage');
    kit.embedder.down = true;

    const output = await sut.recall(tenant, { query: 'bees' });

    expect(output.usedVectors).toBe(false);
    expect(output.hits.map((h) => h.memory.id)).toEqual([bees.id]);
  });

  it('should record access for the hits through the queue, after answering', async () => {
    const bees = await remember('The user keeps bees on the roof of the garage');

    const output = await sut.recall(tenant, { query: 'bees' });
    expect(output.hits).toHaveLength(1);
    await kit.queue.drain();

    expect(kit.jobs).toEqual([
      { name: JobName.RecordAccess, payload: expect.objectContaining({ tenantId: tenant, ids: [bees.id] }) },
    ]);
    expect((await kit.stores.memories.getMemory(tenant, bees.id))?.accessCount).toBe(1);
  });

  it('should queue nothing when nothing was found, or when the caller turns the bookkeeping off', async () => {
    await remember('The user keeps bees on the roof of the garage');

    const none = await sut.recall('globex', { query: 'bees' });
    const [vector] = await kit.embedder.embed(['bees']);
    const silent = await sut.recallWithVector(tenant, { query: 'bees' }, vector!, { recordAccess: false });
    await kit.queue.drain();

    expect(none.hits).toEqual([]);
    expect(silent.hits).toHaveLength(1);
    expect(kit.jobs).toEqual([]);
  });

  it('should refuse a HYBRID recall without a query, and a TYPED one without types, before touching the store', async () => {
    await expect(sut.recall(tenant, { query: '  ' })).rejects.toThrow(BadInputError);
    await expect(sut.recall(tenant, { mode: SearchMode.TYPED })).rejects.toThrow(BadInputError);
    await expect(sut.recall(tenant, { mode: SearchMode.RECENT, limit: 0 })).rejects.toThrow(BadInputError);

    expect(kit.embedder.texts).toEqual([]);
    expect(kit.jobs).toEqual([]);
  });

  it('should keep the store order in RECENT mode, newest first, without embedding the query', async () => {
    const first = await remember('The user keeps bees on the roof', { occurredAt: new Date('2024-01-01') });
    const second = await remember('The user plays the cello on Sundays', { occurredAt: new Date('2024-02-01') });
    const embedded = kit.embedder.texts.length;

    const output = await sut.recall(tenant, { mode: SearchMode.RECENT });

    expect(output.hits.map((h) => h.memory.id)).toEqual([second.id, first.id]);
    expect(kit.embedder.texts).toHaveLength(embedded);
  });

  it('should leave superseded memories out unless asked for, and filter by type', async () => {
    const john = await remember("The user's name is John", { slot: 'name' });
    const peter = await remember("The user's name is Peter", { slot: 'name' });
    await remember('The user prefers tea over coffee', { type: MemoryType.PREFERENCE });

    const active = await sut.recall(tenant, { query: 'name' });
    const all = await sut.recall(tenant, { query: 'name', includeSuperseded: true });
    const typed = await sut.recall(tenant, { mode: SearchMode.TYPED, types: [MemoryType.PREFERENCE] });

    expect(active.hits.map((h) => h.memory.id)).toContain(peter.id);
    expect(active.hits.map((h) => h.memory.id)).not.toContain(john.id);
    expect(all.hits.map((h) => h.memory.id)).toEqual(expect.arrayContaining([john.id, peter.id]));
    expect(all.hits.find((h) => h.memory.id === john.id)?.memory.status).toBe(MemoryStatus.SUPERSEDED);
    expect(typed.hits.map((h) => h.memory.type)).toEqual([MemoryType.PREFERENCE]);
  });

  it("should show a task its own memories beside the shared ones, never another task's", async () => {
    const shared = await remember('The release train leaves every Tuesday');
    const mine = await remember('The release checklist has nine steps', {
      source: { role: SourceRole.TASK, taskId: 'a' },
    });
    await remember('The release notes need a Spanish version', { source: { role: SourceRole.TASK, taskId: 'b' } });

    const asTask = await sut.recall(tenant, { query: 'release', sourceTaskId: 'a' });
    const asUser = await sut.recall(tenant, { query: 'release' });

    expect(asTask.hits.map((h) => h.memory.id).sort()).toEqual([shared.id, mine.id].sort());
    expect(asUser.hits.map((h) => h.memory.id)).toEqual([shared.id]);
  });

  it("should never return another tenant's memories", async () => {
    await remember('The user keeps bees on the roof of the garage');

    const output = await sut.recall('globex', { query: 'bees' });

    expect(output.hits).toEqual([]);
  });

  describe('entity signal', () => {
    const query = { query: 'Where did Ana go?', limit: 10 };

    async function corpus(): Promise<{ moved: string; tarts: string }> {
      const moved = await remember('Ana moved to Lisbon last spring');
      const tarts = await remember('Lisbon has the best custard tarts');
      await remember('The quarterly report is due on Friday');
      // entity links follow the write (OwedEntityLinks): what recall reads of them is there once they settled
      await kit.get(OwedEntityLinks).settled();

      return { moved: moved.id, tarts: tarts.id };
    }

    it('should bring in a memory that mentions an entity one hop from the one the query names, with no word in common', async () => {
      await kit.close();
      kit = await openServiceKit({ env: { RECALL_ENTITY_SIGNAL: 'true' } });
      sut = kit.get(RecallService);
      write = kit.get(MemoryWriteService);
      const { moved, tarts } = await corpus();
      const weights = weightsForModel(kit.embedder.model);

      // text alone (no vector): only the entity signal can find the tarts
      const on = await sut.recallWithVector(tenant, query, null, { weights, recordAccess: false });
      const off = await sut.recallWithVector(tenant, query, null, {
        weights: { ...weights, entity: 0, entityHop: 0 },
        recordAccess: false,
      });

      expect(on.hits.map((h) => h.memory.id)).toEqual([moved, tarts]);
      expect(off.hits.map((h) => h.memory.id)).toEqual([moved]);
    });

    it('should bridge from the best memory through the entities it names to another memory of one of them', async () => {
      await kit.close();
      kit = await openServiceKit({ env: { RECALL_ENTITY_SIGNAL: 'true' } });
      sut = kit.get(RecallService);
      write = kit.get(MemoryWriteService);
      const { moved, tarts } = await corpus();
      const weights = { ...weightsForModel(kit.embedder.model), entity: 0, entityHop: 0 };
      const bridgeQuery = { query: 'who moved last spring', limit: 10 };

      // the query names nothing: the best memory's Lisbon leads to the tarts
      const on = await sut.recallWithVector(tenant, bridgeQuery, null, {
        weights: { ...weights, entityBridge: 1 },
        recordAccess: false,
      });
      const off = await sut.recallWithVector(tenant, bridgeQuery, null, { weights, recordAccess: false });

      expect(on.hits.map((h) => h.memory.id)).toEqual([moved, tarts]);
      expect(off.hits.map((h) => h.memory.id)).toEqual([moved]);
    });

    it('should read no entity when RECALL_ENTITY_SIGNAL is false (the default), whatever the weights', async () => {
      const { moved } = await corpus();
      const weights = { ...weightsForModel(kit.embedder.model), entity: 1, entityHop: 1 };

      const output = await sut.recallWithVector(tenant, query, null, { weights, recordAccess: false });

      expect(output.hits.map((h) => h.memory.id)).toEqual([moved]);
    });
  });
});
