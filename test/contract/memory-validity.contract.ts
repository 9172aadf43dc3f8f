import { auth, driver as createDriver } from 'neo4j-driver';

import type { MemoryDraft, MemoryStore, Visibility } from 'src/domain/memory-store.port';
import { MemoryStatus, MemoryType } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { backfillValidUntil } from 'src/store/neo4j/neo4j-valid-until';
import { embed, remember } from 'test/contract/memory-fixtures';
import { useContractStores } from 'test/contract/memory-store.contract';
import type { StoreHarness } from 'test/contract/store-harness';

const BELIEVED = [MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED];

/** The first of a month of 2024 (0: January), or a day of it. */
function month(m: number, day = 1): Date {
  return new Date(Date.UTC(2024, m, day));
}

/** Stored when it happened, as a live write is. */
function when(date: Date, slot: string | null = null, type = MemoryType.FACT): Partial<MemoryDraft> {
  return { occurredAt: date, createdAt: date, updatedAt: date, lastSeenAt: date, slot, type };
}

function contents(items: readonly MemoryRecord[]): string[] {
  return items.map((m) => m.content).sort();
}

interface Life {
  bristol: MemoryRecord;
  bath: MemoryRecord;
  hooli: MemoryRecord;
  initech: MemoryRecord;
  leftInitech: MemoryRecord;
  jon: MemoryRecord;
  john: MemoryRecord;
}

/**
 * Validity in time for every adapter: a correction or retraction ends what it supersedes at its own occurredAt,
 * nothing is deleted, and asOf reads (every search, the metadata orders, the list) answer with what held then.
 */
export function describeValidityContract(harness: StoreHarness): void {
  describe(`MemoryStore validity in time (${harness.name})`, () => {
    const suite = useContractStores(harness, 'validity');
    const tenant = suite.tenant;
    let store: MemoryStore;
    beforeAll(() => {
      store = suite.stores().memories;
    });

    /**
     * A scripted life: lives in Bristol (January), moves to Bath (March); works at Hooli (January), then Initech
     * (June), leaves it (a retraction, September); the name said as Jon (January) is corrected to John (February).
     */
    async function live(t: string): Promise<Life> {
      const bristol = await remember(store, t, 'The user lives in Bristol', { overrides: when(month(0), 'location') });
      const hooli = await remember(store, t, 'The user works at Hooli', { overrides: when(month(0, 2), 'employer') });
      const jon = await remember(store, t, 'The user is called Jon', {
        overrides: when(month(0, 3), 'name', MemoryType.IDENTITY),
      });
      const john = await remember(store, t, 'The user is called John', {
        overrides: when(month(1), 'name', MemoryType.IDENTITY),
      });
      const bath = await remember(store, t, 'The user lives in Bath', { overrides: when(month(2), 'location') });
      const initech = await remember(store, t, 'The user works at Initech', {
        overrides: when(month(5), 'employer'),
      });
      // a retraction holds no slot: it names what it takes back
      const leftInitech = await remember(store, t, 'The user left Initech', {
        overrides: when(month(8)),
        supersede: [initech.id],
      });
      const [reread = bristol, ...rest] = await store.getMemories(t, [bristol.id, hooli.id, jon.id, initech.id]);
      const [hooliNow = hooli, jonNow = jon, initechNow = initech] = rest;

      return { bristol: reread, bath, hooli: hooliNow, initech: initechNow, leftInitech, jon: jonNow, john };
    }

    it('should end what a correction or retraction supersedes at its occurredAt, deleting nothing', async () => {
      const life = await live(tenant());

      expect(life.bristol).toMatchObject({ status: MemoryStatus.SUPERSEDED, validUntil: month(2) });
      expect(life.hooli).toMatchObject({ status: MemoryStatus.SUPERSEDED, validUntil: month(5) });
      expect(life.initech).toMatchObject({ status: MemoryStatus.SUPERSEDED, validUntil: month(8) });
      expect(life.jon).toMatchObject({ status: MemoryStatus.SUPERSEDED, validUntil: month(1) });
      for (const current of [life.bath, life.john, life.leftInitech]) {
        expect(current).toMatchObject({ status: MemoryStatus.ACTIVE, validUntil: null });
      }
    });

    it("should list a slot's values oldest first with their intervals, and no other tenant's", async () => {
      const t = tenant();
      const life = await live(t);
      await live(tenant());

      const employers = await store.slotHistory(t, 'employer', 10);
      expect(employers.map((m) => [m.content, m.occurredAt, m.validUntil])).toEqual([
        ['The user works at Hooli', month(0, 2), month(5)],
        ['The user works at Initech', month(5), month(8)],
      ]);
      expect((await store.slotHistory(t, 'location', 10)).map((m) => m.id)).toEqual([life.bristol.id, life.bath.id]);
      expect((await store.slotHistory(t, 'location', 1)).map((m) => m.id)).toEqual([life.bristol.id]);
      expect(await store.slotHistory(t, 'pets', 10)).toEqual([]);
    });

    it('should answer every read with what was believed at asOf, whatever the status today', async () => {
      const t = tenant();
      await live(t);
      const april: Visibility = { statuses: BELIEVED, asOf: month(3) };
      const inApril = ['The user is called John', 'The user lives in Bath', 'The user works at Hooli'];

      expect(contents(await store.queryByMetadata(t, april, 'recent', 20))).toEqual(inApril);
      expect(contents(await store.queryByMetadata(t, april, 'importance', 20))).toEqual(inApril);
      expect(contents(await store.queryByMetadata(t, april, 'accessed', 20))).toEqual(inApril);
      const page = await store.listMemories(t, { statuses: BELIEVED, asOf: month(3) }, 20, null);
      expect(contents(page.items)).toEqual(inApril);
      expect(page.total).toBe(3);

      const text = await store.searchText(t, 'user lives works called', 20, april);
      expect(
        contents(
          await store.getMemories(
            t,
            text.map((h) => h.id),
          ),
        ),
      ).toEqual(inApril);
      const vectors = await store.searchVectors(t, await embed('The user lives in'), 20, april);
      expect(
        contents(
          await store.getMemories(
            t,
            vectors.map((h) => h.id),
          ),
        ),
      ).toEqual(inApril);

      // the moment a value ends belongs to its successor; before anything happened, nothing was believed
      const march: Visibility = { statuses: BELIEVED, asOf: month(2) };
      expect(contents(await store.queryByMetadata(t, march, 'recent', 20))).toContain('The user lives in Bath');
      expect(contents(await store.queryByMetadata(t, march, 'recent', 20))).not.toContain('The user lives in Bristol');
      const before: Visibility = { statuses: BELIEVED, asOf: new Date(Date.UTC(2023, 11, 31)) };
      expect(await store.queryByMetadata(t, before, 'recent', 20)).toEqual([]);
      // after the retraction: no employer, the retraction itself holds
      const october: Visibility = { statuses: BELIEVED, asOf: month(9) };
      expect(contents(await store.queryByMetadata(t, october, 'recent', 20))).toEqual([
        'The user is called John',
        'The user left Initech',
        'The user lives in Bath',
      ]);
    });

    it('should leave statuses outside the visibility out, and never answer with another tenant', async () => {
      const t = tenant();
      const other = tenant();
      const life = await live(t);
      const theirs = await remember(store, other, 'The user lives in Bristol too', {
        overrides: when(month(0), 'location'),
      });
      await store.setStatus(t, life.john.id, MemoryStatus.FORGOTTEN, month(10));
      const april: Visibility = { statuses: BELIEVED, asOf: month(3) };

      expect(contents(await store.queryByMetadata(t, april, 'recent', 20))).toEqual([
        'The user lives in Bath',
        'The user works at Hooli',
      ]);
      const february: Visibility = { statuses: BELIEVED, asOf: month(1, 15) };
      const text = await store.searchText(t, 'Bristol', 20, february);
      expect(text.map((h) => h.id)).toEqual([life.bristol.id]);
      const vectors = await store.searchVectors(t, await embed('The user lives in Bristol too'), 20, february);
      expect(vectors.map((h) => h.id)).toContain(life.bristol.id);
      expect(vectors.map((h) => h.id)).not.toContain(theirs.id);
      const page = await store.listMemories(t, { statuses: BELIEVED, asOf: month(1, 15) }, 20, null);
      expect(page.items.map((m) => m.id)).not.toContain(theirs.id);
      expect(page.items.every((m) => m.tenantId === t)).toBe(true);
    });

    it('should never end a memory before it began (a successor that happened earlier), nor keep a restored one ended', async () => {
      const t = tenant();
      const later = await remember(store, t, 'The user lives in Leeds', { overrides: when(month(6), 'location') });
      // an import of an older message arrives after: the newest write still wins the slot
      await remember(store, t, 'The user lives in York', { overrides: when(month(1), 'location') });
      const [ended] = await store.getMemories(t, [later.id]);
      expect(ended).toMatchObject({ status: MemoryStatus.SUPERSEDED, validUntil: month(6) });

      const restored = await store.setStatus(t, later.id, MemoryStatus.ACTIVE, month(9));
      expect(restored?.validUntil).toBeNull();
      const retired = await store.setStatus(t, later.id, MemoryStatus.SUPERSEDED, month(10));
      expect(retired?.validUntil).toEqual(month(10));
    });

    // SQLite's migration 017 is checked in sqlite-migrations.int-spec
    (harness.name === 'neo4j' ? it : it.skip)(
      'should give memories retired before validity in time their validUntil at boot (Neo4j backfill)',
      async () => {
        const t = tenant();
        const life = await live(t);
        const driver = createDriver(
          process.env['NEO4J_URI'] ?? '',
          auth.basic(process.env['NEO4J_USER'] ?? 'neo4j', process.env['NEO4J_PASSWORD'] ?? ''),
        );
        const session = driver.session({ database: process.env['NEO4J_DATABASE'] });
        try {
          await session.run(CypherRegistry.load().get('testing/unset-valid-until'), { tenantId: t });
        } finally {
          await session.close();
          await driver.close();
        }
        expect((await store.getMemory(t, life.bristol.id))?.validUntil).toBeNull();
        const connection = suite.stores().connection;
        if (!(connection instanceof Neo4jConnection)) {
          throw new Error('the Neo4j harness opens a Neo4jConnection');
        }

        expect(await backfillValidUntil(connection)).toBeGreaterThanOrEqual(4);
        const retired = await store.getMemories(t, [life.bristol.id, life.hooli.id, life.initech.id, life.jon.id]);
        expect(retired.map((m) => m.validUntil)).toEqual([month(2), month(5), month(8), month(1)]);
        expect(await backfillValidUntil(connection)).toBe(0);
      },
    );

    it('should end memories merged by consolidation at the survivor’s occurredAt', async () => {
      const t = tenant();
      const older = await remember(store, t, 'The user likes green tea', { overrides: when(month(0)) });
      const survivor = await remember(store, t, 'The user enjoys green tea', { overrides: when(month(4)) });
      const [retired] = await store.supersedeInto(t, survivor.id, [older.id], month(11));

      expect(retired).toMatchObject({ status: MemoryStatus.SUPERSEDED, validUntil: month(4) });
      const march = await store.queryByMetadata(t, { statuses: BELIEVED, asOf: month(2) }, 'recent', 10);
      expect(march.map((m) => m.id)).toEqual([older.id]);
    });
  });
}
