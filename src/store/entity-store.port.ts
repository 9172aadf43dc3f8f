import type { EntityDraft, EntityKind, EntityNode, EntityRecord } from 'src/domain/entity.types';
import type { OwedCount } from 'src/store/conversation-store.port';
import type { ImportCounts } from 'src/store/tenant-data.port';

export const ENTITY_STORE = Symbol('ENTITY_STORE');

/** An entity another one shares memories with. */
export interface RelatedEntity {
  entity: EntityRecord;
  /** Memories mentioning both. */
  shared: number;
}

/** An entity node as exported, with the memories that mention it (mentions stay on the node they were made to). */
export interface ExportedEntity extends EntityNode {
  mentions: { memoryId: string; createdAt: Date }[];
}

export interface EntitySearch {
  /** Folded, matched against every key of a group; null: all. */
  query: string | null;
  kind: EntityKind | null;
  limit: number;
}

/** One thing a recall query names: its kind and the keys it is looked up by (`lookupKeys` of the linker). */
export interface EntityLookup {
  kind: EntityKind;
  keys: string[];
}

/** How much of an entity's neighbourhood a recall read brings back. */
export interface NeighbourhoodLimits {
  /** Memories per group (its own and each related group's), newest (occurredAt) first. */
  memories: number;
  /** Related groups (co-mentioned), the most shared first. */
  related: number;
  /** A group mentioned by more memories than this is too common to lead anywhere: its related groups are not read. */
  expandUpTo: number;
}

/** A group a recall query may name, with the memories that mention it and the groups one hop from it. */
export interface EntityNeighbourhood {
  entity: EntityRecord;
  /** Memories mentioning the group, all of them (the ids below are capped). */
  mentions: number;
  memoryIds: string[];
  related: { rootId: string; shared: number; mentions: number; memoryIds: string[] }[];
}

/** An ACTIVE memory still owed its entity links (its insert answered first), as the linker reads it. */
export interface OwedLinks {
  tenantId: string;
  memoryId: string;
  content: string;
  slot: { name: string; value: string } | null;
  owedAt: Date;
}

/** Keyset position in the owed memories: strictly after (owedAt, memoryId). */
export interface OwedLinksAfter {
  owedAt: Date;
  memoryId: string;
}

/**
 * Entities and `(:Memory)-[:MENTIONS]->(:Entity)`. Every method is scoped to one tenant; reads answer merged groups
 * (EntityRecord, named by their root), never another tenant's entity or memory.
 */
export interface EntityStore {
  /** The groups holding one of these keys among entities of the kind (the resolver picks among them). */
  findEntities(tenantId: string, kind: EntityKind, keys: string[]): Promise<EntityRecord[]>;
  /**
   * One transaction: each draft's entity (tenant, kind, key) is created with the draft's id when it does not exist,
   * else given the draft's keys (and its name as an alias when it differs); then the memory MENTIONS it. Nothing is
   * written when the memory is not the tenant's. Answers the groups linked, in draft order (duplicates once). The
   * same transaction settles the memory's owed links (InsertMemoryCommand.entityLinksOwed), with no draft too.
   */
  linkMentions(tenantId: string, memoryId: string, drafts: EntityDraft[], now: Date): Promise<EntityRecord[]>;
  /**
   * ACTIVE memories of every tenant still owed their entity links since at or before `olderThan`, oldest first
   * (owedAt, then id), after `after`, at most `limit`.
   */
  listOwedLinks(olderThan: Date, after: OwedLinksAfter | null, limit: number): Promise<OwedLinks[]>;
  /** How many ACTIVE memories of the tenant (null: every tenant) are owed their links, and since when the oldest. */
  countOwedLinks(tenantId: string | null): Promise<OwedCount>;
  /** The group an entity belongs to (a merged member's id answers its root's group). */
  getEntity(tenantId: string, id: string): Promise<EntityRecord | null>;
  /** Groups by key substring and kind, the most mentioned first. */
  searchEntities(tenantId: string, search: EntitySearch): Promise<EntityRecord[]>;
  /**
   * Recall's entity read, one call: the groups holding a key of a lookup (among entities of its kind), each with its
   * mention count and newest memories, and up to `limits.related` co-mentioned groups with theirs. Groups in the
   * order of first creation.
   */
  entityNeighbourhoods(
    tenantId: string,
    lookups: EntityLookup[],
    limits: NeighbourhoodLimits,
  ): Promise<EntityNeighbourhood[]>;
  /** How many memories mention each group (by any member), by the ids given; an unknown id counts 0. */
  mentionCounts(tenantId: string, entityIds: string[]): Promise<Map<string, number>>;
  /** Memories mentioning any member of the group, newest (occurredAt) first. */
  mentioningMemoryIds(tenantId: string, entityId: string, limit: number): Promise<string[]>;
  /** The groups each memory mentions, in the order they were linked (those of one write by name). */
  entitiesOfMemories(tenantId: string, memoryIds: string[]): Promise<Map<string, EntityRecord[]>>;
  /** Groups sharing memories with this one, the most shared first. */
  relatedEntities(tenantId: string, entityId: string, limit: number): Promise<RelatedEntity[]>;
  /**
   * Joins `otherId`'s group into `keepId`'s (the other root gets a MERGED_INTO edge): BadInputError for two kinds or
   * one group, NotFoundError for an id not the tenant's. Answers the joined group.
   */
  mergeEntities(tenantId: string, keepId: string, otherId: string, now: Date): Promise<EntityRecord>;
  /** Undoes the merge of a member (with what was merged into it): BadInputError when it was never merged. */
  splitEntity(tenantId: string, memberId: string, now: Date): Promise<EntityRecord>;

  exportEntities(tenantId: string): Promise<ExportedEntity[]>;
  /** Nodes, merges and mentions as exported; an id held already (by any tenant) or a key the tenant holds is skipped. */
  importEntities(tenantId: string, entities: ExportedEntity[]): Promise<ImportCounts>;
}
