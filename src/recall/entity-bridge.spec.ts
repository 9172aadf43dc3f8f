import { EntityKind, USER_ENTITY_KEY } from 'src/domain/entity.types';
import type { EntityRecord } from 'src/domain/entity.types';
import {
  BRIDGE_ENTITIES,
  BRIDGE_MAX_MENTIONS,
  bridgeEntities,
  bridgeShares,
  largerShares,
} from 'src/recall/entity-bridge';

function entity(id: string, key = id): EntityRecord {
  const at = new Date('2026-01-01T00:00:00Z');

  return {
    id,
    tenantId: 't',
    kind: EntityKind.PERSON,
    name: id,
    key,
    aliases: [],
    keys: [key],
    createdAt: at,
    updatedAt: at,
    mergedIds: [],
  };
}

describe('entity bridge', () => {
  it('should follow the entities of the best memories first, never a lone, a common or the user entity', () => {
    const entitiesOf = new Map([
      ['m1', [entity('lone'), entity('sweden'), entity('user', USER_ENTITY_KEY)]],
      ['m2', [entity('caroline'), entity('sweden'), entity('mel')]],
    ]);
    const mentions = new Map([
      ['lone', 1],
      ['sweden', 4],
      ['user', 5],
      ['caroline', BRIDGE_MAX_MENTIONS + 1],
      ['mel', 12],
    ]);

    expect(bridgeEntities(['m1', 'm2'], entitiesOf, mentions)).toEqual([
      { id: 'sweden', mentions: 4 },
      { id: 'mel', mentions: 12 },
    ]);
  });

  it('should follow at most BRIDGE_ENTITIES entities', () => {
    const many = Array.from({ length: BRIDGE_ENTITIES + 2 }, (_, i) => entity(`e${i}`));
    const bridges = bridgeEntities(['m1'], new Map([['m1', many]]), new Map(many.map((e) => [e.id, 3])));

    expect(bridges).toHaveLength(BRIDGE_ENTITIES);
  });

  it('should give the memories a bridge reaches weight x specificity, none to the sources, the largest kept', () => {
    const shares = bridgeShares(
      [
        { id: 'sweden', mentions: 4 },
        { id: 'mel', mentions: 20 },
      ],
      new Map([
        ['sweden', ['m1', 'm7', 'm8']],
        ['mel', ['m8', 'm9']],
      ]),
      ['m1'],
      0.4,
    );

    expect(shares).toEqual(
      new Map([
        ['m7', 0.4],
        ['m8', 0.4],
        ['m9', 0.2],
      ]),
    );
    expect(bridgeShares([{ id: 'x', mentions: 1000 }], new Map([['x', ['m2']]]), [], 0.3).size).toBe(0);
  });

  it('should merge two share maps keeping the larger share', () => {
    expect(
      largerShares(
        new Map([
          ['a', 0.1],
          ['b', 0.5],
        ]),
        new Map([
          ['a', 0.3],
          ['c', 0.2],
        ]),
      ),
    ).toEqual(
      new Map([
        ['a', 0.3],
        ['b', 0.5],
        ['c', 0.2],
      ]),
    );
  });
});
