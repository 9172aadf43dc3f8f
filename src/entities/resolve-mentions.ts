import { randomUUID } from 'node:crypto';

import { EntityKind, USER_ENTITY_KEY } from 'src/domain/entity.types';
import type { EntityDraft, EntityRecord } from 'src/domain/entity.types';
import { canonicalKey, foldName, keysFor } from 'src/entities/entity-names';
import type { Mention } from 'src/entities/find-mentions';

/** A mention with the keys it is looked up and stored by. */
export interface KeyedMention {
  mention: Mention;
  kind: EntityKind;
  key: string;
  keys: string[];
  /** A full name's first name: a single-name entity of it is the same person ("Ana" then "Ana Silva"). */
  first: string | null;
}

export function keyMention(mention: Mention): KeyedMention | null {
  if (mention.user === true) {
    const folded = mention.name === '' ? null : foldName(mention.name);
    const nameKeys = folded ? keysFor(mention.kind, folded) : [];

    return { mention, kind: mention.kind, key: USER_ENTITY_KEY, keys: [USER_ENTITY_KEY, ...nameKeys], first: null };
  }
  const folded = foldName(mention.name);
  if (folded.length < 2) {
    return null;
  }
  const key = canonicalKey(mention.kind, folded);
  const words = key.split(' ');
  const first = mention.kind === EntityKind.PERSON && words.length > 1 ? (words[0] ?? null) : null;

  return { mention, kind: mention.kind, key, keys: keysFor(mention.kind, key), first };
}

/** What a lookup asks the store for: every key, and a full name's first name. */
export function lookupKeys(keyed: KeyedMention): string[] {
  return keyed.first === null ? keyed.keys : [...keyed.keys, keyed.first];
}

/**
 * Which existing group a mention is: one holding its key or a same-thing key (a single name also finds the full name
 * it is the first name of); for a full name, a single-name entity of its first name, unless that entity already
 * holds another full name with it ("Ana Silva" and "Ana Costa" stay two). Never another kind (the store looked up
 * only the mention's kind). Null: a new entity.
 */
export function pickEntity(keyed: KeyedMention, candidates: readonly EntityRecord[]): EntityRecord | null {
  const exact = candidates.find((c) => c.keys.some((k) => keyed.keys.includes(k)));
  if (exact) {
    return exact;
  }
  const first = keyed.first;
  if (first === null) {
    return null;
  }

  return (
    candidates.find(
      (c) => c.key === first && !c.keys.some((k) => k.startsWith(`${first} `) && !keyed.keys.includes(k)),
    ) ?? null
  );
}

/**
 * The drafts linking a mention: to the picked group's root (by its key), or to a new entity. The user's entity is
 * named "User"; a name the user gave is one of its aliases.
 */
export function draftsFor(keyed: KeyedMention, picked: EntityRecord | null): EntityDraft[] {
  const keys = keyed.first === null ? keyed.keys : [...keyed.keys, keyed.first];
  const base = picked
    ? { id: picked.id, kind: picked.kind, key: picked.key, keys }
    : { id: randomUUID(), kind: keyed.kind, key: keyed.key, keys };
  if (keyed.mention.user !== true) {
    return [{ ...base, name: keyed.mention.name }];
  }
  const user = { ...base, name: picked?.name ?? 'User' };

  return keyed.mention.name === '' ? [user] : [user, { ...base, name: keyed.mention.name }];
}
