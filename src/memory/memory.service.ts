import { Inject, Injectable } from '@nestjs/common';

import { BadInputError, NotFoundError } from 'src/common/errors';
import { assertId, assertLimit, assertUnit, optionalAsOf, optionalKey } from 'src/common/validation';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { AssociationQuery, MemoryStore } from 'src/domain/memory-store.port';
import { Direction, MemoryStatus } from 'src/domain/memory.enums';
import type { MemoryScope, MemoryType, RelationType } from 'src/domain/memory.enums';
import type { AssociationRecord, MemoryRecord } from 'src/domain/memory.types';
import { decodeCursor, encodeCursor } from 'src/memory/cursor';
import type { LinkedMemory } from 'src/memory/memory-write.service';
import { slotName } from 'src/memory/remember-input';

export interface MemoryListRequest {
  types?: MemoryType[] | null;
  statuses?: MemoryStatus[] | null;
  scope?: MemoryScope | null;
  channelId?: string | null;
  projectId?: string | null;
  tags?: string[] | null;
  /** What was believed true at this moment (see Visibility.asOf); statuses then default to ACTIVE and SUPERSEDED. */
  asOf?: Date | null;
}

export interface MemoryListPage {
  items: MemoryRecord[];
  nextCursor: string | null;
  total: number;
}

export const MAX_PAGE = 500;
/** A memory holds at most 32 tags (remember-input), so a filter needs no more. */
export const MAX_FILTER_TAGS = 32;
export const MAX_ASSOCIATIONS = 200;
/** A slot's history holds at most this many values. */
export const MAX_HISTORY = 500;

export interface AssociationRequest {
  types?: RelationType[] | null;
  direction?: Direction | null;
  limit: number;
}

function filterTags(tags: string[] | null | undefined): string[] | undefined {
  if (tags && tags.length > MAX_FILTER_TAGS) {
    throw new BadInputError(`filter.tags has ${tags.length} tags; the limit is ${MAX_FILTER_TAGS}`);
  }

  return tags?.map((tag) => tag.trim().toLowerCase()) ?? undefined;
}

/** Validates an associations request (limit within 1..MAX_ASSOCIATIONS) into the store's query. */
export function checkAssociationRequest(query: AssociationRequest): AssociationQuery {
  assertLimit(query.limit, 'limit', MAX_ASSOCIATIONS);

  return { types: query.types ?? undefined, direction: query.direction ?? undefined, limit: query.limit };
}

/** Reads and direct edits of the memory graph; writes of new memories go through MemoryWriteService. */
@Injectable()
export class MemoryService {
  constructor(@Inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  async get(tenantId: string, id: string): Promise<MemoryRecord> {
    const memory = await this.store.getMemory(tenantId, assertId(id));
    if (!memory) {
      throw new NotFoundError('memory', id);
    }

    return memory;
  }

  /** Resolves a known id (e.g. supersededBy) without failing when it has since been deleted. */
  find(tenantId: string, id: string): Promise<MemoryRecord | null> {
    return this.store.getMemory(tenantId, id);
  }

  /** The tenant's memories among `ids` (missing ones left out), in one store query. */
  findMany(tenantId: string, ids: string[]): Promise<MemoryRecord[]> {
    return this.store.getMemories(tenantId, ids);
  }

  async list(
    tenantId: string,
    filter: MemoryListRequest,
    limit: number,
    cursor?: string | null,
  ): Promise<MemoryListPage> {
    assertLimit(limit, 'limit', MAX_PAGE);
    const after = cursor === null || cursor === undefined ? null : decodeCursor(cursor);
    const asOf = optionalAsOf(filter.asOf);
    // a memory believed then may have been superseded since
    const statuses = asOf ? [MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED] : [MemoryStatus.ACTIVE];
    const rows = await this.store.listMemories(
      tenantId,
      {
        types: filter.types ?? undefined,
        statuses: filter.statuses && filter.statuses.length > 0 ? filter.statuses : statuses,
        scope: filter.scope ?? undefined,
        channelId: optionalKey(filter.channelId, 'filter.channelId') ?? undefined,
        projectId: optionalKey(filter.projectId, 'filter.projectId') ?? undefined,
        tags: filterTags(filter.tags),
        ...(asOf ? { asOf } : {}),
      },
      limit,
      after,
    );
    const last = rows.items[rows.items.length - 1];

    return {
      items: rows.items,
      nextCursor: rows.hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
      total: rows.total,
    };
  }

  /** The slot's values over time, oldest first, each with its interval (validFrom = occurredAt, validUntil). */
  history(tenantId: string, slot: string, limit: number): Promise<MemoryRecord[]> {
    return this.store.slotHistory(tenantId, slotName(slot), assertLimit(limit, 'limit', MAX_HISTORY));
  }

  async forget(tenantId: string, id: string): Promise<MemoryRecord> {
    const memory = await this.store.setStatus(tenantId, assertId(id), MemoryStatus.FORGOTTEN, new Date());
    if (!memory) {
      throw new NotFoundError('memory', id);
    }

    return memory;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!(await this.store.deleteMemory(tenantId, assertId(id)))) {
      throw new NotFoundError('memory', id);
    }

    return true;
  }

  async link(
    tenantId: string,
    input: { fromId: string; toId: string; type: RelationType; weight?: number | null },
  ): Promise<LinkedMemory> {
    const fromId = assertId(input.fromId, 'fromId');
    const toId = assertId(input.toId, 'toId');
    if (fromId === toId) {
      throw new BadInputError('a memory cannot be linked to itself');
    }
    const weight = assertUnit(input.weight ?? 1, 'weight');
    const [from, to] = await Promise.all([
      this.store.getMemory(tenantId, fromId),
      this.store.getMemory(tenantId, toId),
    ]);
    if (!from) {
      throw new NotFoundError('memory', input.fromId);
    }
    if (!to) {
      throw new NotFoundError('memory', input.toId);
    }
    const edge: AssociationRecord = { tenantId, fromId, toId, type: input.type, weight, createdAt: new Date() };
    const saved = await this.store.upsertAssociation(edge);
    if (!saved) {
      throw new NotFoundError('memory', input.toId);
    }

    return {
      type: saved.type,
      direction: Direction.OUT,
      weight: saved.weight,
      memoryId: toId,
      createdAt: saved.createdAt,
      memory: to,
    };
  }

  async associations(tenantId: string, memoryId: string, query: AssociationRequest): Promise<LinkedMemory[]> {
    return (await this.associationsOf(tenantId, [memoryId], query)).get(memoryId) ?? [];
  }

  /** The edges of many memories with the memories at their other ends, in two store queries. */
  async associationsOf(
    tenantId: string,
    memoryIds: string[],
    query: AssociationRequest,
  ): Promise<Map<string, LinkedMemory[]>> {
    const checked = checkAssociationRequest(query);
    const views = await this.store.listAssociationsOf(tenantId, memoryIds, checked);
    const memories = await this.store.getMemories(tenantId, [...new Set(views.map((v) => v.memoryId))]);
    const byId = new Map(memories.map((m) => [m.id, m]));
    const linked = new Map<string, LinkedMemory[]>(memoryIds.map((id) => [id, []]));
    for (const { ofId, ...view } of views) {
      const memory = byId.get(view.memoryId);
      if (memory) {
        linked.get(ofId)?.push({ ...view, memory });
      }
    }

    return linked;
  }
}
