import { EntityKind } from 'src/domain/entity.types';
import type { EntityRecord } from 'src/domain/entity.types';
import { entityLookups, entityShares, entitySignalOn, queryMentions, specificity } from 'src/recall/entity-signal';
import type { EntityNeighbourhood } from 'src/store/entity-store.port';

function entity(id: string, kind: EntityKind, name: string, keys: string[]): EntityRecord {
  const at = new Date('2026-01-01T00:00:00Z');

  return {
    id,
    tenantId: 't',
    kind,
    name,
    key: keys[0] ?? '',
    aliases: [],
    keys,
    createdAt: at,
    updatedAt: at,
    mergedIds: [],
  };
}

function hood(
  record: EntityRecord,
  mentions: number,
  memoryIds: string[],
  related: EntityNeighbourhood['related'] = [],
): EntityNeighbourhood {
  return { entity: record, mentions, memoryIds, related };
}

const WEIGHTS = { entity: 0.3, entityHop: 0.1 };

describe('entity signal', () => {
  it('should find and key the things a query names as the linker does, one lookup per kind', () => {
    const keyed = queryMentions('What did my sister Ana say about Lisbon and Ana Silva?');

    expect(keyed.map((k) => [k.kind, k.key])).toEqual(
      expect.arrayContaining([
        [EntityKind.PERSON, 'ana'],
        [EntityKind.PLACE, 'lisbon'],
      ]),
    );
    const lookups = entityLookups(keyed);
    expect(lookups.map((l) => l.kind).sort()).toEqual([EntityKind.PERSON, EntityKind.PLACE]);
    expect(lookups.find((l) => l.kind === EntityKind.PERSON)?.keys).toContain('ana');
    expect(queryMentions('what do i like to drink in the morning')).toEqual([]);
  });

  it('should count an entity few memories mention fully and a common one less', () => {
    expect(specificity(1)).toBe(1);
    expect(specificity(10)).toBe(1);
    expect(specificity(40)).toBe(0.25);
  });

  it('should give the memories of a named entity its share and those of a co-mentioned one the hop share', () => {
    const ana = entity('e-ana', EntityKind.PERSON, 'Ana', ['ana']);
    const keyed = queryMentions('Where did Ana move?');
    const hoods = [
      hood(
        ana,
        2,
        ['m1', 'm2'],
        [
          { rootId: 'e-lisbon', shared: 1, mentions: 3, memoryIds: ['m1', 'm3'] },
          { rootId: 'e-user', shared: 1, mentions: 40, memoryIds: ['m4'] },
        ],
      ),
    ];

    const shares = entityShares(keyed, hoods, WEIGHTS);

    // m1 is both: it keeps the larger share
    expect(shares.get('m1')).toBeCloseTo(0.3);
    expect(shares.get('m2')).toBeCloseTo(0.3);
    expect(shares.get('m3')).toBeCloseTo(0.1);
    expect(shares.get('m4')).toBeCloseTo(0.1 * 0.25);
    expect(shares.size).toBe(4);
  });

  it('should lift no memory by a share too small to move a rank (a common entity one hop away)', () => {
    const ana = entity('e-ana', EntityKind.PERSON, 'Ana', ['ana']);
    const hoods = [hood(ana, 1, ['m1'], [{ rootId: 'e-user', shared: 1, mentions: 100, memoryIds: ['m2'] }])];

    const shares = entityShares(queryMentions('Where did Ana move?'), hoods, WEIGHTS);

    expect([...shares.keys()]).toEqual(['m1']);
  });

  it('should resolve as the linker does: another kind, or a full name whose first name is another full name, is not the one named', () => {
    const anaPlace = entity('e-place', EntityKind.PLACE, 'Ana', ['ana']);
    const anaCosta = entity('e-costa', EntityKind.PERSON, 'Ana Costa', ['ana costa', 'ana']);
    const keyed = queryMentions('What did Ana Silva say?');

    const shares = entityShares(keyed, [hood(anaPlace, 1, ['m1']), hood(anaCosta, 1, ['m2'])], WEIGHTS);

    expect(shares.size).toBe(0);
  });

  it('should be off when both weights are 0', () => {
    expect(entitySignalOn({ entity: 0, entityHop: 0 })).toBe(false);
    expect(entitySignalOn(WEIGHTS)).toBe(true);
    const ana = entity('e-ana', EntityKind.PERSON, 'Ana', ['ana']);
    expect(
      entityShares(queryMentions('Where did Ana move?'), [hood(ana, 1, ['m1'])], { entity: 0, entityHop: 0 }).size,
    ).toBe(0);
  });
});
