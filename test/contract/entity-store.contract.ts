import { randomUUID } from 'node:crypto';

import { ErrorCode } from 'src/common/errors';
import type { DomainError } from 'src/common/errors';
import { EntityKind } from 'src/domain/entity.types';
import type { EntityDraft } from 'src/domain/entity.types';
import { MemoryStatus } from 'src/domain/memory.enums';
import { at, command, remember } from 'test/contract/memory-fixtures';
import { useContractStores } from 'test/contract/memory-store.contract';
import type { StoreHarness } from 'test/contract/store-harness';

function draft(kind: EntityKind, name: string, keys: string[] = []): EntityDraft {
  const key = name.toLowerCase();

  return { id: randomUUID(), kind, name, key, keys: [key, ...keys] };
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as DomainError).code;
  }

  return 'none';
}

/** EntityStore: every adapter must pass it unchanged. */
export function describeEntityStoreContract(harness: StoreHarness): void {
  describe(`Entity store contract (${harness.name})`, () => {
    const { stores, tenant } = useContractStores(harness, 'entity');

    it('should create an entity once per tenant, kind and key, link mentions, and add a new name as an alias', async () => {
      const t = tenant();
      const { memories, entities } = stores();
      const first = await remember(memories, t, 'Ana moved to Lisbon');
      const second = await remember(memories, t, 'Ana likes jazz');
      const ana = draft(EntityKind.PERSON, 'Ana');
      const lisbon = draft(EntityKind.PLACE, 'Lisbon');

      const linked = await entities.linkMentions(t, first.id, [ana, lisbon], at(1));
      const again = await entities.linkMentions(
        t,
        second.id,
        [{ ...draft(EntityKind.PERSON, 'ANA'), key: 'ana' }],
        at(2),
      );

      expect(linked.map((e) => [e.id, e.kind, e.name])).toEqual([
        [ana.id, EntityKind.PERSON, 'Ana'],
        [lisbon.id, EntityKind.PLACE, 'Lisbon'],
      ]);
      expect(again).toHaveLength(1);
      expect(again[0]).toMatchObject({ id: ana.id, name: 'Ana', aliases: ['ANA'], mergedIds: [] });
      await expect(entities.mentioningMemoryIds(t, ana.id, 10)).resolves.toEqual(
        expect.arrayContaining([first.id, second.id]),
      );
      const ofMemories = await entities.entitiesOfMemories(t, [first.id, second.id, 'missing']);
      expect(ofMemories.get(first.id)?.map((e) => e.name)).toEqual(['Ana', 'Lisbon']);
      expect(ofMemories.get(second.id)?.map((e) => e.name)).toEqual(['Ana']);
      expect(ofMemories.get('missing')).toEqual([]);
    });

    it('should keep the same name apart across kinds and find entities by any key', async () => {
      const t = tenant();
      const { memories, entities } = stores();
      const m = await remember(memories, t, 'Jordan flew to Jordan');
      await entities.linkMentions(
        t,
        m.id,
        [draft(EntityKind.PERSON, 'Jordan'), draft(EntityKind.PLACE, 'Jordan', ['hashemite kingdom'])],
        at(1),
      );

      const places = await entities.findEntities(t, EntityKind.PLACE, ['hashemite kingdom']);
      const people = await entities.findEntities(t, EntityKind.PERSON, ['jordan', 'nobody']);

      expect(places.map((e) => e.kind)).toEqual([EntityKind.PLACE]);
      expect(people.map((e) => e.kind)).toEqual([EntityKind.PERSON]);
      await expect(entities.findEntities(t, EntityKind.ORGANIZATION, ['jordan'])).resolves.toEqual([]);
    });

    it('should keep the memories owed their links, every tenant’s, until linkMentions settles them', async () => {
      const t = tenant();
      const other = tenant();
      const { memories, entities } = stores();
      const owedInsert = async (
        tenantId: string,
        content: string,
        since: Date,
        slot: { name: string; value: string } | null = null,
      ): Promise<string> => {
        const insert = await command(tenantId, content, { overrides: { slot: slot?.name ?? null } });
        const result = await memories.insertMemory({
          ...insert,
          entityLinksOwed: { since, slotValue: slot?.value ?? null },
        });

        return result.memory.id;
      };
      const first = await owedInsert(t, 'Ana moved to Lisbon', at(10));
      const second = await owedInsert(other, 'I work at Acme', at(11), { name: 'employer', value: 'Acme' });
      const third = await owedInsert(t, 'Ana likes jazz', at(12));
      const forgotten = await owedInsert(t, 'Ana had a cat', at(9));
      await memories.setStatus(t, forgotten, MemoryStatus.FORGOTTEN, at(13));
      await remember(memories, t, 'Nothing owed here');
      const ours = new Set([t, other]);
      const owedIds = async (olderThan: Date, after: { owedAt: Date; memoryId: string } | null): Promise<string[]> =>
        (await entities.listOwedLinks(olderThan, after, 1000))
          .filter((owed) => ours.has(owed.tenantId))
          .map((owed) => owed.memoryId);

      await expect(entities.countOwedLinks(t)).resolves.toEqual({ items: 2, oldest: at(10) });
      await expect(entities.countOwedLinks(other)).resolves.toEqual({ items: 1, oldest: at(11) });
      const listed = (await entities.listOwedLinks(at(11), null, 1000)).filter((owed) => ours.has(owed.tenantId));
      expect(listed).toEqual([
        { tenantId: t, memoryId: first, content: 'Ana moved to Lisbon', slot: null, owedAt: at(10) },
        {
          tenantId: other,
          memoryId: second,
          content: 'I work at Acme',
          slot: { name: 'employer', value: 'Acme' },
          owedAt: at(11),
        },
      ]);
      await expect(owedIds(at(12), { owedAt: at(10), memoryId: first })).resolves.toEqual([second, third]);

      const ana = draft(EntityKind.PERSON, 'Ana');
      await entities.linkMentions(t, first, [ana], at(20));
      await entities.linkMentions(other, second, [], at(20));
      // a drain that links a memory again (another process, a retry) adds nothing
      await entities.linkMentions(t, first, [{ ...ana, id: randomUUID() }], at(21));

      await expect(owedIds(at(30), null)).resolves.toEqual([third]);
      await expect(entities.countOwedLinks(t)).resolves.toEqual({ items: 1, oldest: at(12) });
      await expect(entities.countOwedLinks(other)).resolves.toEqual({ items: 0, oldest: null });
      expect((await entities.entitiesOfMemories(t, [first])).get(first)?.map((e) => e.id)).toEqual([ana.id]);
      await expect(entities.mentionCounts(t, [ana.id])).resolves.toEqual(new Map([[ana.id, 1]]));
    });

    it("should never link another tenant's memory nor answer another tenant's entities", async () => {
      const t = tenant();
      const other = tenant();
      const { memories, entities } = stores();
      const ours = await remember(memories, t, 'Ana called');
      const theirs = await remember(memories, other, 'Ana called too');
      const ana = draft(EntityKind.PERSON, 'Ana');

      await expect(entities.linkMentions(other, ours.id, [ana], at(1))).resolves.toEqual([]);
      await entities.linkMentions(t, ours.id, [ana], at(1));
      await entities.linkMentions(other, theirs.id, [draft(EntityKind.PERSON, 'Ana')], at(1));

      await expect(entities.getEntity(other, ana.id)).resolves.toBeNull();
      await expect(entities.mentioningMemoryIds(other, ana.id, 10)).resolves.toEqual([]);
      await expect(entities.relatedEntities(other, ana.id, 10)).resolves.toEqual([]);
      expect(
        (await entities.searchEntities(other, { query: 'ana', kind: null, limit: 10 })).map((e) => e.id),
      ).not.toContain(ana.id);
      expect(await entities.mentioningMemoryIds(t, ana.id, 10)).toEqual([ours.id]);
      expect(await codeOf(entities.mergeEntities(other, ana.id, ana.id, at(2)))).toBe(ErrorCode.NotFound);
    });

    it('should search by key substring and kind, the most mentioned first, and relate co-mentioned entities', async () => {
      const t = tenant();
      const { memories, entities } = stores();
      const ana = draft(EntityKind.PERSON, 'Ana');
      const anakin = draft(EntityKind.PERSON, 'Anakin');
      const lisbon = draft(EntityKind.PLACE, 'Lisbon');
      for (const [i, text] of ['Ana in Lisbon', 'Ana again', 'Anakin in Lisbon'].entries()) {
        const m = await remember(memories, t, text);
        const drafts = text.startsWith('Anakin') ? [anakin, lisbon] : i === 0 ? [ana, lisbon] : [ana];
        await entities.linkMentions(t, m.id, drafts, at(i));
      }

      const found = await entities.searchEntities(t, { query: 'ana', kind: null, limit: 10 });
      const places = await entities.searchEntities(t, { query: null, kind: EntityKind.PLACE, limit: 10 });
      const related = await entities.relatedEntities(t, lisbon.id, 10);

      expect(found.map((e) => e.name)).toEqual(['Ana', 'Anakin']);
      expect(places.map((e) => e.name)).toEqual(['Lisbon']);
      expect(related.map((r) => [r.entity.name, r.shared]).sort()).toEqual([
        ['Ana', 1],
        ['Anakin', 1],
      ]);
    });

    it('should read the neighbourhood a recall query names: groups by key and kind, their memories newest first, co-mentioned groups', async () => {
      const t = tenant();
      const other = tenant();
      const { memories, entities } = stores();
      const ana = draft(EntityKind.PERSON, 'Ana Silva', ['ana']);
      const lisbon = draft(EntityKind.PLACE, 'Lisbon');
      const porto = draft(EntityKind.PLACE, 'Porto');
      const rex = draft(EntityKind.PET, 'Rex');
      const texts: [string, EntityDraft[]][] = [
        ['Ana Silva moved to Lisbon', [ana, lisbon]],
        ['Ana loves Porto', [ana, porto]],
        ['Lisbon has trams', [lisbon]],
        ['Porto wine is sweet', [porto]],
        ['Rex is a dog', [rex]],
      ];
      const ids: string[] = [];
      for (const [i, [text, drafts]] of texts.entries()) {
        const m = await remember(memories, t, text, { overrides: { occurredAt: at(i) } });
        await entities.linkMentions(t, m.id, drafts, at(i));
        ids.push(m.id);
      }
      const theirs = await remember(memories, other, 'Ana in Lisbon too');
      await entities.linkMentions(other, theirs.id, [draft(EntityKind.PERSON, 'Ana', ['ana'])], at(9));
      const limits = { memories: 10, related: 5, expandUpTo: 10 };

      const found = await entities.entityNeighbourhoods(t, [{ kind: EntityKind.PERSON, keys: ['ana'] }], limits);
      const wrongKind = await entities.entityNeighbourhoods(t, [{ kind: EntityKind.PLACE, keys: ['ana'] }], limits);
      const capped = await entities.entityNeighbourhoods(t, [{ kind: EntityKind.PERSON, keys: ['ana silva'] }], {
        memories: 1,
        related: 1,
        expandUpTo: 10,
      });
      const common = await entities.entityNeighbourhoods(t, [{ kind: EntityKind.PERSON, keys: ['ana'] }], {
        ...limits,
        expandUpTo: 1,
      });

      expect(found).toHaveLength(1);
      expect(found[0]?.entity.id).toBe(ana.id);
      expect(found[0]?.mentions).toBe(2);
      expect(found[0]?.memoryIds).toEqual([ids[1], ids[0]]);
      expect(found[0]?.related.map((r) => [r.rootId, r.shared, r.mentions, r.memoryIds]).sort()).toEqual(
        [
          [lisbon.id, 1, 2, [ids[2], ids[0]]],
          [porto.id, 1, 2, [ids[3], ids[1]]],
        ].sort(),
      );
      expect(wrongKind).toEqual([]);
      expect(capped[0]?.memoryIds).toEqual([ids[1]]);
      expect(capped[0]?.related).toHaveLength(1);
      expect(capped[0]?.related[0]?.memoryIds).toHaveLength(1);
      // mentioned by more memories than expandUpTo: its related groups are not read
      expect(common[0]?.related).toEqual([]);
      await expect(entities.entityNeighbourhoods(t, [], limits)).resolves.toEqual([]);
      await expect(
        entities.mentionCounts(t, [ana.id, lisbon.id, rex.id, 'missing']).then((m) => Object.fromEntries(m)),
      ).resolves.toEqual({ [ana.id]: 2, [lisbon.id]: 2, [rex.id]: 1, missing: 0 });
    });

    it('should merge two groups of one kind, answer them as one, and undo the merge exactly', async () => {
      const t = tenant();
      const { memories, entities } = stores();
      const m1 = await remember(memories, t, 'NYC is loud');
      const m2 = await remember(memories, t, 'New York City in spring');
      const m3 = await remember(memories, t, 'The Big Apple');
      const nyc = draft(EntityKind.PLACE, 'NYC');
      const city = draft(EntityKind.PLACE, 'New York City');
      const apple = draft(EntityKind.PLACE, 'The Big Apple');
      await entities.linkMentions(t, m1.id, [nyc], at(1));
      await entities.linkMentions(t, m2.id, [city], at(2));
      await entities.linkMentions(t, m3.id, [apple], at(3));

      await entities.mergeEntities(t, nyc.id, apple.id, at(4));
      const merged = await entities.mergeEntities(t, city.id, nyc.id, at(5));

      expect(merged).toMatchObject({ id: city.id, name: 'New York City', mergedIds: [apple.id, nyc.id] });
      expect(merged.aliases.sort()).toEqual(['NYC', 'The Big Apple']);
      await expect(entities.getEntity(t, apple.id)).resolves.toMatchObject({ id: city.id });
      expect((await entities.mentioningMemoryIds(t, nyc.id, 10)).sort()).toEqual([m1.id, m2.id, m3.id].sort());
      expect((await entities.findEntities(t, EntityKind.PLACE, ['nyc'])).map((e) => e.id)).toEqual([city.id]);
      expect(await codeOf(entities.mergeEntities(t, city.id, apple.id, at(6)))).toBe(ErrorCode.BadUserInput);

      const split = await entities.splitEntity(t, nyc.id, at(7));

      expect(split).toMatchObject({ id: nyc.id, name: 'NYC', mergedIds: [apple.id] });
      await expect(entities.getEntity(t, city.id)).resolves.toMatchObject({ mergedIds: [], aliases: [] });
      expect((await entities.mentioningMemoryIds(t, nyc.id, 10)).sort()).toEqual([m1.id, m3.id].sort());
      expect(await entities.mentioningMemoryIds(t, city.id, 10)).toEqual([m2.id]);
      expect(await codeOf(entities.splitEntity(t, city.id, at(8)))).toBe(ErrorCode.BadUserInput);
    });

    it('should refuse a merge across kinds and change nothing', async () => {
      const t = tenant();
      const { memories, entities } = stores();
      const m = await remember(memories, t, 'Paris met Paris');
      const person = draft(EntityKind.PERSON, 'Paris');
      const place = draft(EntityKind.PLACE, 'Paris');
      await entities.linkMentions(t, m.id, [person, place], at(1));

      expect(await codeOf(entities.mergeEntities(t, person.id, place.id, at(2)))).toBe(ErrorCode.BadUserInput);
      await expect(entities.getEntity(t, place.id)).resolves.toMatchObject({ id: place.id, mergedIds: [] });
    });

    it('should export entities with merges and mentions and import them into an empty tenant as they were', async () => {
      const t = tenant();
      const copy = tenant();
      const { memories, entities, tenantData } = stores();
      const m = await remember(memories, t, 'Ana and Bo');
      const ana = draft(EntityKind.PERSON, 'Ana');
      const bo = draft(EntityKind.PERSON, 'Bo');
      await entities.linkMentions(t, m.id, [ana, bo], at(1));
      await entities.mergeEntities(t, ana.id, bo.id, at(2));
      const exported = await entities.exportEntities(t);
      const [memory] = await tenantData.exportMemories(t, null, 10);
      await tenantData.purgeTenant(t);
      await tenantData.importMemories(copy, memory ? [{ memory, vector: null, entityLinksOwed: null }] : []);

      const counts = await entities.importEntities(copy, exported);
      const again = await entities.importEntities(copy, exported);

      expect(counts).toEqual({ created: 2, existing: 0, conflicts: 0 });
      expect(again).toEqual({ created: 0, existing: 2, conflicts: 0 });
      await expect(entities.getEntity(copy, bo.id)).resolves.toMatchObject({ id: ana.id, mergedIds: [bo.id] });
      expect(await entities.mentioningMemoryIds(copy, ana.id, 10)).toEqual([m.id]);
      expect((await entities.exportEntities(copy)).map((e) => ({ ...e, tenantId: t }))).toEqual(exported);
    });

    it('should remove the tenant’s entities on purge and drop the mentions of a deleted memory', async () => {
      const t = tenant();
      const { memories, entities, tenantData } = stores();
      const kept = await remember(memories, t, 'Ana stays');
      const gone = await remember(memories, t, 'Ana goes');
      const ana = draft(EntityKind.PERSON, 'Ana');
      await entities.linkMentions(t, kept.id, [ana], at(1));
      await entities.linkMentions(t, gone.id, [ana], at(1));
      await memories.setStatus(t, gone.id, MemoryStatus.FORGOTTEN, at(2));
      await tenantData.purgeSkill(t, 'no-such-skill');

      const purge = await tenantData.purgeTenant(t);

      expect(purge.entities).toBe(1);
      await expect(entities.getEntity(t, ana.id)).resolves.toBeNull();
      await expect(entities.exportEntities(t)).resolves.toEqual([]);
    });
  });
}
