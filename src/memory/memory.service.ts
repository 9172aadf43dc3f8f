import { Inject, Injectable } from '@nestjs/common';

import { BadInputError, NotFoundError } from 'src/common/errors';
import { assertId, assertLimit, assertUnit, optionalKey } from 'src/common/validation';
import { decodeCursor, encodeCursor } from 'src/memory/cursor';
import { MemoryStatus } from 'src/memory/memory.enums';
import { Direction } from 'src/memory/memory.enums';
import type { MemoryScope, MemoryType, RelationType } from 'src/memory/memory.enums';
import type { AssociationRecord, MemoryRecord } from 'src/memory/memory.types';
import type { LinkedMemory } from 'src/memory/memory-write.service';
import { MEMORY_STORE } from 'src/store/memory-store.port';
import type { MemoryStore } from 'src/store/memory-store.port';

export interface MemoryListRequest {
  types?: MemoryType[] | null;
  statuses?: MemoryStatus[] | null;
  scope?: MemoryScope | null;
  channelId?: string | null;
  projectId?: string | null;
  tags?: string[] | null;
}

export interface MemoryListPage {
  items: MemoryRecord[];
  nextCursor: string | null;
  total: number;
}

export const MAX_PAGE = 500;
export const MAX_ASSOCIATIONS = 200;

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

  async list(tenantId: string, filter: MemoryListRequest, limit: number, cursor?: string | null): Promise<MemoryListPage> {
    assertLimit(limit, 'limit', MAX_PAGE);
    const after = cursor === null || cursor === undefined ? null : decodeCursor(cursor);
    const rows = await this.store.listMemories(
      tenantId,
      {
        types: filter.types ?? undefined,
        statuses: filter.statuses && filter.statuses.length > 0 ? filter.statuses : [MemoryStatus.ACTIVE],
        scope: filter.scope ?? undefined,
        channelId: optionalKey(filter.channelId, 'filter.channelId') ?? undefined,
        projectId: optionalKey(filter.projectId, 'filter.projectId') ?? undefined,
        tags: filter.tags?.map((tag) => tag.trim().toLowerCase()) ?? undefined,
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
    const [from, to] = await Promise.all([this.store.getMemory(tenantId, fromId), this.store.getMemory(tenantId, toId)]);
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

    return { type: saved.type, direction: Direction.OUT, weight: saved.weight, memoryId: toId, createdAt: saved.createdAt, memory: to };
  }

  async associations(
    tenantId: string,
    memoryId: string,
    query: { types?: RelationType[] | null; direction?: Direction | null; limit: number },
  ): Promise<LinkedMemory[]> {
    assertLimit(query.limit, 'limit', MAX_ASSOCIATIONS);
    const views = await this.store.listAssociations(tenantId, memoryId, {
      types: query.types ?? undefined,
      direction: query.direction ?? undefined,
      limit: query.limit,
    });
    const memories = await this.store.getMemories(
      tenantId,
      views.map((v) => v.memoryId),
    );
    const byId = new Map(memories.map((m) => [m.id, m]));

    return views.flatMap((view) => {
      const memory = byId.get(view.memoryId);

      return memory ? [{ ...view, memory }] : [];
    });
  }
}
