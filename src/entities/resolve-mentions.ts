import { randomUUID } from 'node:crypto';

import { EntityKind, USER_ENTITY_KEY } from 'src/domain/entity.types';
import type { EntityDraft, EntityRecord } from 'src/domain/entity.types';
import { canonicalKey, CLIP_MARK, clippedForm, foldName, keysFor, mayBeClipped } from 'src/entities/entity-names';
import type { Mention } from 'src/entities/find-mentions';

/** A mention with the keys it is looked up and stored by. */
export interface KeyedMention {
  mention: Mention;
  kind: EntityKind;
  key: string;
  keys: string[];
  /** A full name's first name: a single-name entity of it is the same person ("Ana" then "Ana Silva"). */
  first: string | null;
  /** A long first name's clipped form ("Deborah": "deb"): stored marked, so "Deb" finds it, and looked up plain. */
  clipped: string | null;
  /** A single 3-letter name ("Deb"): the marked clipping it is looked up by, or null. */
  clipOf: string | null;
}

export function keyMention(mention: Mention): KeyedMention | null {
  if (mention.user === true) {
    const folded = mention.name === '' ? null : foldName(mention.name);
    const nameKeys = folded ? keysFor(mention.kind, folded) : [];

    return {
      mention,
      kind: mention.kind,
      key: USER_ENTITY_KEY,
      keys: [USER_ENTITY_KEY, ...nameKeys],
      first: null,
      clipped: null,
      clipOf: null,
    };
  }
  const folded = foldName(mention.name);
  if (folded.length < 2) {
    return null;
  }
  const key = canonicalKey(mention.kind, folded);
  const words = key.split(' ');
  const person = mention.kind === EntityKind.PERSON;
  const first = person && words.length > 1 ? (words[0] ?? null) : null;
  const clipOf = person && words.length === 1 && mayBeClipped(key) ? `${CLIP_MARK}${key}` : null;

  return {
    mention,
    kind: mention.kind,
    key,
    keys: keysFor(mention.kind, key),
    first,
    clipped: person ? clippedForm(key) : null,
    clipOf,
  };
}

/** What a lookup asks the store for: every key, a full name's first name, and the clipping either way. */
export function lookupKeys(keyed: KeyedMention): string[] {
  return [keyed.first, keyed.clipped, keyed.clipOf].reduce<string[]>(
    (keys, extra) => (extra === null ? keys : [...keys, extra]),
    keyed.keys,
  );
}

/** A short form ("Deb"): the one group holding its marked clipping; none when several long names share it. */
function clippingOf(clipOf: string, candidates: readonly EntityRecord[]): EntityRecord | null {
  const holders = candidates.filter((c) => c.keys.includes(clipOf));

  return holders.length === 1 ? (holders[0] ?? null) : null;
}

/**
 * A long first name ("Deborah"): a group of its short form alone ("Deb"), unless that group already holds another
 * long name it clips ("Debra" then "Deborah" stay two).
 */
function shortFormOf(keyed: KeyedMention, clipped: string, candidates: readonly EntityRecord[]): EntityRecord | null {
  return (
    candidates.find(
      (c) =>
        c.keys.includes(clipped) &&
        !c.keys.some((k) => k.startsWith(clipped) && k !== clipped && !keyed.keys.includes(k)),
    ) ?? null
  );
}

/**
 * Which existing group a mention is: one holding its key or a same-thing key (a single name also finds the full name
 * it is the first name of); for a full name, a single-name entity of its first name, unless that entity already
 * holds another full name with it ("Ana Silva" and "Ana Costa" stay two); a 3-letter single name and a long first name
 * it clips ("Deb", "Deborah"), either first, when no other long name shares the clipping. Never another kind (the store looked up
 * only the mention's kind). Null: a new entity.
 */
export function pickEntity(keyed: KeyedMention, candidates: readonly EntityRecord[]): EntityRecord | null {
  const exact = candidates.find((c) => c.keys.some((k) => keyed.keys.includes(k)));
  if (exact) {
    return exact;
  }
  const first = keyed.first;
  const byFirst =
    first === null
      ? null
      : (candidates.find(
          (c) => c.key === first && !c.keys.some((k) => k.startsWith(`${first} `) && !keyed.keys.includes(k)),
        ) ?? null);
  if (byFirst !== null) {
    return byFirst;
  }
  if (keyed.clipOf !== null) {
    return clippingOf(keyed.clipOf, candidates);
  }

  return keyed.clipped === null ? null : shortFormOf(keyed, keyed.clipped, candidates);
}

/**
 * The drafts linking a mention: to the picked group's root (by its key), or to a new entity. The user's entity is
 * named "User"; a name the user gave is one of its aliases.
 */
export function draftsFor(keyed: KeyedMention, picked: EntityRecord | null): EntityDraft[] {
  const keys = [...keyed.keys, ...(keyed.first === null ? [] : [keyed.first])];
  if (keyed.clipped !== null) {
    keys.push(`${CLIP_MARK}${keyed.clipped}`);
  }
  const base = picked
    ? { id: picked.id, kind: picked.kind, key: picked.key, keys }
    : { id: randomUUID(), kind: keyed.kind, key: keyed.key, keys };
  if (keyed.mention.user !== true) {
    return [{ ...base, name: keyed.mention.name }];
  }
  const user = { ...base, name: picked?.name ?? 'User' };

  return keyed.mention.name === '' ? [user] : [user, { ...base, name: keyed.mention.name }];
}
