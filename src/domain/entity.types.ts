import { registerEnumType } from '@nestjs/graphql';

/** What an entity is; a merge never joins two kinds. */
export enum EntityKind {
  PERSON = 'PERSON',
  PLACE = 'PLACE',
  ORGANIZATION = 'ORGANIZATION',
  PROJECT = 'PROJECT',
  PET = 'PET',
  THING = 'THING',
}
registerEnumType(EntityKind, { name: 'EntityKind' });

/** The key of the user's own entity (one per tenant): folded names never start with `@`. */
export const USER_ENTITY_KEY = '@user';

/**
 * One stored entity node: a person, place, organisation... that memories mention, one per tenant, kind and key. A
 * merge is an edge from the merged entity to the one it joined (`mergedInto`), so undoing it removes that edge and
 * nothing else; mentions stay on the entity they were first resolved to.
 */
export interface EntityNode {
  id: string;
  tenantId: string;
  kind: EntityKind;
  /** The name as first written ("Ana", "New York City"). */
  name: string;
  /** The folded name, unique per tenant and kind. */
  key: string;
  /** Other surface forms it was written as ("NYC"), without the name. */
  aliases: string[];
  /** Folded forms a later mention is resolved by (the key, alias and nickname keys, a full name's first name). */
  keys: string[];
  createdAt: Date;
  updatedAt: Date;
  mergedInto: string | null;
  mergedAt: Date | null;
  /** The entity its merges lead to (itself when it was never merged). */
  rootId: string;
}

/**
 * A real thing as the reads answer it: a merged group, named by its root (the entity every merge led to), with the
 * names, aliases and keys of all its members.
 */
export interface EntityRecord {
  id: string;
  tenantId: string;
  kind: EntityKind;
  name: string;
  key: string;
  aliases: string[];
  keys: string[];
  createdAt: Date;
  updatedAt: Date;
  /** Ids of the entities merged into it (directly or through another), oldest merge first. */
  mergedIds: string[];
}

/** One mention of a thing in a memory, resolved or to be created: `id` is used when no entity of `key` exists yet. */
export interface EntityDraft {
  id: string;
  kind: EntityKind;
  name: string;
  key: string;
  keys: string[];
}
