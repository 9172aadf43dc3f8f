import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';

import { Tenant } from 'src/auth/tenant.decorator';
import { EntityKind } from 'src/domain/entity.types';
import { Entity, RelatedEntity, toEntity } from 'src/entities/entity.model';
import { EntityService } from 'src/entities/entity.service';
import { toMemory } from 'src/memory/dto/memory.mapper';
import { Memory } from 'src/memory/dto/memory.model';

@Resolver(() => Entity)
export class EntityResolver {
  constructor(private readonly service: EntityService) {}

  @Query(() => [Entity], { description: 'entities whose names contain the query (folded), the most mentioned first' })
  async entities(
    @Tenant() tenantId: string,
    @Args('query', { type: () => String, nullable: true }) query: string | null | undefined,
    @Args('kind', { type: () => EntityKind, nullable: true }) kind: EntityKind | null | undefined,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 20 }) limit: number | null,
  ): Promise<Entity[]> {
    // an argument left out arrives undefined, not null
    return (await this.service.search(tenantId, query ?? null, kind ?? null, limit)).map(toEntity);
  }

  @Query(() => Entity, { nullable: true, description: 'one entity (a merged id answers the group it joined)' })
  async entity(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Entity> {
    return toEntity(await this.service.get(tenantId, id));
  }

  @Mutation(() => Entity, { description: 'joins otherId into keepId (one kind only); recorded, splitEntity undoes it' })
  async mergeEntities(
    @Tenant() tenantId: string,
    @Args('keepId', { type: () => ID }) keepId: string,
    @Args('otherId', { type: () => ID }) otherId: string,
  ): Promise<Entity> {
    return toEntity(await this.service.merge(tenantId, keepId, otherId));
  }

  @Mutation(() => Entity, { description: 'undoes the merge of this entity; answers it with what was merged into it' })
  async splitEntity(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Entity> {
    return toEntity(await this.service.split(tenantId, id));
  }

  @ResolveField(() => [Memory], { description: 'memories mentioning it, newest first' })
  async memories(
    @Tenant() tenantId: string,
    @Parent() entity: Entity,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number | null,
  ): Promise<Memory[]> {
    return (await this.service.memoriesOf(tenantId, entity.id, limit)).map(toMemory);
  }

  @ResolveField(() => Int, { description: 'how many memories mention it (any entity merged into it included)' })
  async memoryCount(@Tenant() tenantId: string, @Parent() entity: Entity): Promise<number> {
    return (await this.service.memoryCounts(tenantId, [entity.id])).get(entity.id) ?? 0;
  }

  @ResolveField(() => [RelatedEntity], { description: 'entities mentioned together with it, the most shared first' })
  async related(
    @Tenant() tenantId: string,
    @Parent() entity: Entity,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 20 }) limit: number | null,
  ): Promise<RelatedEntity[]> {
    return (await this.service.related(tenantId, entity.id, limit)).map((r) => ({
      entity: toEntity(r.entity),
      shared: r.shared,
    }));
  }
}

@Resolver(() => Memory)
export class MemoryEntitiesResolver {
  constructor(private readonly service: EntityService) {}

  @ResolveField(() => [Entity], {
    description:
      'the people, places and things it mentions; linked just after the write answers, so a read right after it may not list them yet',
  })
  async entities(@Tenant() tenantId: string, @Parent() memory: Memory): Promise<Entity[]> {
    return ((await this.service.entitiesOf(tenantId, [memory.id])).get(memory.id) ?? []).map(toEntity);
  }
}
