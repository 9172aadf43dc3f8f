import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { openServiceKit } from 'test/support/service-kit';
import type { ServiceKit } from 'test/support/service-kit';

jest.setTimeout(20_000);

/** The linker as the write path calls it, over a real SQLite store. */
describe('EntityLinker', () => {
  let kit: ServiceKit | undefined;

  afterEach(() => kit?.close());

  async function names(): Promise<string[]> {
    const found = await kit!.stores.entities.searchEntities('acme', { query: null, kind: null, limit: 10 });

    return found.map((e) => e.name).sort();
  }

  /** The names linked when `remember` answers, and once the links it owes are made. */
  async function namesAfterWriting(env: Record<string, string>): Promise<{ answered: string[]; settled: string[] }> {
    kit = await openServiceKit({ env });
    await kit.get(MemoryWriteService).remember('acme', { content: 'My sister Ana moved to Lisbon' });
    const answered = await names();
    await kit.get(OwedEntityLinks).settled();

    return { answered, settled: await names() };
  }

  it('should link a write to the things it names after the write has answered', async () => {
    await expect(namesAfterWriting({})).resolves.toEqual({ answered: [], settled: ['Ana', 'Lisbon'] });
  });

  it('should link before the write answers when ENTITY_LINKING_DEFERRED is false', async () => {
    await expect(namesAfterWriting({ ENTITY_LINKING_DEFERRED: 'false' })).resolves.toEqual({
      answered: ['Ana', 'Lisbon'],
      settled: ['Ana', 'Lisbon'],
    });
  });

  it('should link nothing when ENTITY_LINKING is false', async () => {
    await expect(namesAfterWriting({ ENTITY_LINKING: 'false' })).resolves.toEqual({ answered: [], settled: [] });
  });
});
