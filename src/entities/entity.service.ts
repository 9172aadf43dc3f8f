import { Inject, Injectable } from '@nestjs/common';

import { BadInputError, NotFoundError } from 'src/common/errors';
import type { EntityKind, EntityRecord } from 'src/domain/entity.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import type { MemoryRecord } from 'src/domain/memory.types';
import { foldName } from 'src/entities/entity-names';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore, RelatedEntity } from 'src/store/entity-store.port';

const MAX_LIMIT = 200;
const MAX_QUERY = 200;

function limitOf(limit: number | null | undefined, fallback: number): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > MAX_LIMIT) {
    throw new BadInputError(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  }

  return value;
}

/** Entities as the API reads and corrects them (GraphQL, REST and MCP call this). */
@Injectable()
export class EntityService {
  constructor(
    @Inject(ENTITY_STORE) private readonly store: EntityStore,
    @Inject(MEMORY_STORE) private readonly memories: MemoryStore,
  ) {}

  search(
    tenantId: string,
    query: string | null,
    kind: EntityKind | null,
    limit?: number | null,
  ): Promise<EntityRecord[]> {
    if (query !== null && query.length > MAX_QUERY) {
      throw new BadInputError(`query must be at most ${MAX_QUERY} characters`);
    }
    const folded = query === null ? null : foldName(query);

    return this.store.searchEntities(tenantId, {
      query: folded === '' ? null : folded,
      kind,
      limit: limitOf(limit, 20),
    });
  }

  async get(tenantId: string, id: string): Promise<EntityRecord> {
    const entity = await this.store.getEntity(tenantId, id);
    if (!entity) {
      throw new NotFoundError('Entity', id);
    }

    return entity;
  }

  /** The memories mentioning the entity, newest first. */
  async memoriesOf(tenantId: string, id: string, limit?: number | null): Promise<MemoryRecord[]> {
    const ids = await this.store.mentioningMemoryIds(tenantId, id, limitOf(limit, 50));
    const byId = new Map((await this.memories.getMemories(tenantId, ids)).map((m) => [m.id, m]));

    return ids.flatMap((memoryId) => {
      const memory = byId.get(memoryId);

      return memory ? [memory] : [];
    });
  }

  related(tenantId: string, id: string, limit?: number | null): Promise<RelatedEntity[]> {
    return this.store.relatedEntities(tenantId, id, limitOf(limit, 20));
  }

  /** How many memories mention each entity (its whole group), by the ids given. */
  memoryCounts(tenantId: string, ids: string[]): Promise<Map<string, number>> {
    return this.store.mentionCounts(tenantId, ids);
  }

  entitiesOf(tenantId: string, memoryIds: string[]): Promise<Map<string, EntityRecord[]>> {
    return this.store.entitiesOfMemories(tenantId, memoryIds);
  }

  merge(tenantId: string, keepId: string, otherId: string): Promise<EntityRecord> {
    return this.store.mergeEntities(tenantId, keepId, otherId, new Date());
  }

  split(tenantId: string, id: string): Promise<EntityRecord> {
    return this.store.splitEntity(tenantId, id, new Date());
  }
}
