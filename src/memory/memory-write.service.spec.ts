import { BadInputError } from 'src/common/errors';
import { Direction, MemoryStatus, RelationType, SourceRole, WriteOutcome } from 'src/domain/memory.enums';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit } from 'test/support/service-kit';

// each test opens a SQLite store and a Nest context: well under a second alone, seconds on a busy shared machine
jest.setTimeout(20_000);

/**
 * The write path's orchestration over a real SQLite store: what is embedded, looked up and stored, in which order,
 * and what is left untouched when a step refuses. (The policies it calls have their own specs; the GraphQL surface
 * is in test/e2e/write-path*.)
 */
describe(MemoryWriteService.name, () => {
  const tenant = 'acme';
  let kit: ServiceKit;
  let sut: MemoryWriteService;

  async function stored(statuses = [MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED, MemoryStatus.QUARANTINED]) {
    return kit.stores.memories.queryByMetadata(tenant, { statuses }, 'recent', 100);
  }

  beforeEach(async () => {
    kit = await openServiceKit({ env: { TASK_WRITE_BUDGET: '2' } });
    sut = kit.get(MemoryWriteService);
  });

  afterEach(() => kit.close());

  it('should store a new memory with its vector and the embedder model, once', async () => {
    const result = await sut.remember(tenant, { content: 'The user keeps bees on the roof' });

    expect(result.outcome).toBe(WriteOutcome.CREATED);
    expect(kit.embedder.texts).toEqual(['The user keeps bees on the roof']);
    const [memory] = await stored();
    expect(memory).toMatchObject({
      id: result.memory?.id,
      status: MemoryStatus.ACTIVE,
      embeddingModel: kit.embedder.model,
    });
    const [vector] = await kit.embedder.embed(['The user keeps bees on the roof']);
    const hits = await kit.stores.memories.searchVectors(tenant, vector!, 1, { statuses: [MemoryStatus.ACTIVE] });
    expect(hits.map((h) => h.id)).toEqual([result.memory?.id]);
  });

  it('should reinforce an exact repeat from the fingerprint, before embedding it again', async () => {
    const first = await sut.remember(tenant, { content: 'The user keeps bees on the roof' });
    const again = await sut.remember(tenant, { content: 'The user keeps bees on the roof' });

    expect(again).toMatchObject({ outcome: WriteOutcome.REINFORCED, reason: 'exact duplicate of an existing memory' });
    expect(again.memory?.id).toBe(first.memory?.id);
    expect(again.memory!.confidence).toBeGreaterThan(first.memory!.confidence);
    expect(kit.embedder.texts).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });

  it('should refuse screened-out content before any lookup or embedding, and store nothing', async () => {
    const result = await sut.remember(tenant, { content: 'ok thanks' });

    expect(result).toMatchObject({ outcome: WriteOutcome.REJECTED, memory: null });
    expect(result.reason).toMatch(/noise/);
    expect(kit.embedder.texts).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('should throw a BadInputError for invalid input and store nothing', async () => {
    await expect(sut.remember(tenant, { content: '   ' })).rejects.toThrow(BadInputError);
    await expect(sut.remember(tenant, { content: 'The user keeps bees', slot: 'Not A Slot' })).rejects.toThrow(
      BadInputError,
    );

    expect(await stored()).toEqual([]);
  });

  it('should store the memory without a vector when the embedder is down, and find it by text', async () => {
    kit.embedder.down = true;
    const result = await sut.remember(tenant, { content: 'The user keeps bees on the roof' });

    expect(result.outcome).toBe(WriteOutcome.CREATED);
    expect(result.memory?.embeddingModel).toBeNull();
    const hits = await kit.stores.memories.searchText(tenant, 'bees', 5, { statuses: [MemoryStatus.ACTIVE] });
    expect(hits.map((h) => h.id)).toEqual([result.memory?.id]);
  });

  it('should retire the old slot value with an UPDATES edge from the correction', async () => {
    const john = await sut.remember(tenant, { content: "The user's name is John", slot: 'name' });
    const peter = await sut.remember(tenant, { content: "The user's name is Peter", slot: 'name' });

    expect(peter.outcome).toBe(WriteOutcome.CREATED);
    expect(peter.superseded.map((m) => m.id)).toEqual([john.memory?.id]);
    expect(peter.associations).toContainEqual(
      expect.objectContaining({ type: RelationType.UPDATES, direction: Direction.OUT, memoryId: john.memory?.id }),
    );
    expect((await kit.stores.memories.getMemory(tenant, john.memory!.id))?.status).toBe(MemoryStatus.SUPERSEDED);
    expect((await kit.stores.memories.findActiveBySlot(tenant, 'name')).map((m) => m.id)).toEqual([peter.memory?.id]);
  });

  it('should reinforce the current slot memory when the same value comes again in other words', async () => {
    const first = await sut.remember(tenant, { content: "The user's name is John", slot: 'name' });
    const again = await sut.remember(tenant, { content: 'Hello, my name is John', slot: 'name' });

    expect(again).toMatchObject({ outcome: WriteOutcome.REINFORCED, reason: 'same name as before' });
    expect(again.memory?.id).toBe(first.memory?.id);
  });

  it('should refuse a task over its budget before embedding, and keep its count', async () => {
    const task = { role: SourceRole.TASK, taskId: 'digest' };
    await sut.remember(tenant, { content: 'The nightly export wrote twelve gigabytes', source: task });
    await sut.remember(tenant, { content: 'Disk usage on the mail relay reached ninety percent', source: task });
    const embedded = kit.embedder.texts.length;

    const over = await sut.remember(tenant, { content: 'The search index rebuild took forty minutes', source: task });

    expect(over.outcome).toBe(WriteOutcome.REJECTED);
    expect(over.reason).toMatch(/task digest has used its write budget of 2/);
    expect(kit.embedder.texts).toHaveLength(embedded);
    expect(await kit.stores.memories.countByTask(tenant, 'digest')).toBe(2);
  });

  it('should keep each tenant apart: the same content is new for another tenant', async () => {
    await sut.remember(tenant, { content: 'The user keeps bees on the roof' });
    const other = await sut.remember('globex', { content: 'The user keeps bees on the roof' });

    expect(other.outcome).toBe(WriteOutcome.CREATED);
    expect(await stored()).toHaveLength(1);
  });
});
