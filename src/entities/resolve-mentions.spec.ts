import { EntityKind } from 'src/domain/entity.types';
import type { EntityRecord } from 'src/domain/entity.types';
import { clippedForm, mayBeClipped } from 'src/entities/entity-names';
import { draftsFor, keyMention, lookupKeys, pickEntity } from 'src/entities/resolve-mentions';
import type { KeyedMention } from 'src/entities/resolve-mentions';

const keyed = (name: string, kind = EntityKind.PERSON): KeyedMention => {
  const k = keyMention({ kind, name });
  if (k === null) {
    throw new Error(`no key for ${name}`);
  }

  return k;
};

/** The group a mention would create, as the store would answer it. */
const stored = (name: string, id = name): EntityRecord => {
  const [draft] = draftsFor(keyed(name), null);
  if (!draft) {
    throw new Error(`no draft for ${name}`);
  }

  return {
    id,
    tenantId: 't',
    kind: draft.kind,
    name,
    key: draft.key,
    aliases: [],
    keys: draft.keys,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    mergedIds: [],
  };
};

describe('clippings', () => {
  it('should clip a long first name to one closed syllable', () => {
    expect(clippedForm('deborah')).toBe('deb');
    expect(clippedForm('calvin smith')).toBe('cal');
    expect(clippedForm('anakin')).toBeNull();
    expect(clippedForm('emil')).toBeNull();
  });

  it('should take only a consonant-vowel-consonant single name for a short form', () => {
    expect(mayBeClipped('deb')).toBe(true);
    expect(mayBeClipped('ana')).toBe(false);
    expect(mayBeClipped('eli')).toBe(false);
  });
});

describe('pickEntity with clippings', () => {
  it('should find the long name from its short form, and the short form from the long name', () => {
    expect(pickEntity(keyed('Deb'), [stored('Deborah')])?.id).toBe('Deborah');
    expect(lookupKeys(keyed('Deborah'))).toContain('deb');
    expect(pickEntity(keyed('Deborah'), [stored('Deb')])?.id).toBe('Deb');
  });

  it('should leave a short form alone when two long names share its clipping', () => {
    expect(pickEntity(keyed('Deb'), [stored('Deborah'), stored('Debra')])).toBeNull();
  });

  it('should not give a short form that holds one long name another', () => {
    const debra = { ...stored('Deb'), keys: ['deb', 'debra', '~deb'] };
    expect(pickEntity(keyed('Deborah'), [debra])).toBeNull();
  });

  it('should never clip a name of its own, another kind, or open syllables', () => {
    expect(pickEntity(keyed('Ana'), [stored('Anakin')])).toBeNull();
    expect(keyed('Deb', EntityKind.PLACE).clipOf).toBeNull();
    expect(pickEntity(keyed('Deborah'), [stored('Debbie')])).toBeNull();
  });
});
