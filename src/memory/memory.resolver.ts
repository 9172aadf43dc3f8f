import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';

import { Tenant } from 'src/auth/tenant.decorator';
import type { RequestContext } from 'src/auth/tenant.decorator';
import { Direction, RelationType } from 'src/domain/memory.enums';
import { ImportMemoryInput, LinkInput, MemoryFilter, RememberInput } from 'src/memory/dto/memory.inputs';
import { toAssociation, toMemory, toRememberResult } from 'src/memory/dto/memory.mapper';
import { Association, ImportResult, Memory, MemoryPage, RememberResult } from 'src/memory/dto/memory.model';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { MemoryLoaders } from 'src/memory/memory.loaders';
import { MemoryService } from 'src/memory/memory.service';

@Resolver(() => Memory)
export class MemoryResolver {
  constructor(
    private readonly service: MemoryService,
    private readonly writer: MemoryWriteService,
    private readonly importer: MemoryImportService,
    private readonly loaders: MemoryLoaders,
  ) {}

  @Query(() => Memory, { nullable: true })
  async memory(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Memory> {
    return toMemory(await this.service.get(tenantId, id));
  }

  @Query(() => MemoryPage)
  async memories(
    @Tenant() tenantId: string,
    @Args('filter', { type: () => MemoryFilter, nullable: true }) filter: MemoryFilter | null,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number | null,
    @Args('cursor', { type: () => String, nullable: true }) cursor: string | null,
    @Args('asOf', {
      type: () => Date,
      nullable: true,
      description: 'only what was believed true at that moment; statuses then default to ACTIVE and SUPERSEDED',
    })
    asOf: Date | null,
  ): Promise<MemoryPage> {
    const page = await this.service.list(tenantId, { ...filter, asOf }, limit ?? 50, cursor ?? null);

    return { items: page.items.map(toMemory), nextCursor: page.nextCursor, total: page.total };
  }

  @Query(() => [Memory], {
    description: "a slot's values over time (ACTIVE and SUPERSEDED), oldest first, each with validFrom and validUntil",
  })
  async history(
    @Tenant() tenantId: string,
    @Args('slot', { type: () => String }) slot: string,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 100 }) limit: number | null,
  ): Promise<Memory[]> {
    return (await this.service.history(tenantId, slot, limit ?? 100)).map(toMemory);
  }

  @Mutation(() => RememberResult)
  async remember(@Tenant() tenantId: string, @Args('input') input: RememberInput): Promise<RememberResult> {
    return toRememberResult(await this.writer.remember(tenantId, input));
  }

  @Mutation(() => ImportResult, {
    description:
      'bulk import (up to 1000 items a call), e.g. when migrating: every item is checked before any is written; then written in chunks, so a failure may leave a part, and sending the same items again creates only what is missing',
  })
  importMemories(
    @Tenant() tenantId: string,
    @Args('items', { type: () => [ImportMemoryInput] }) items: ImportMemoryInput[],
    @Args('trusted', {
      type: () => Boolean,
      nullable: true,
      defaultValue: false,
      description: 'skip the firewall (operator keys only, ENGRAM_OPERATOR_TENANTS); every other guard still applies',
    })
    trusted: boolean | null,
  ): Promise<ImportResult> {
    return this.importer.importFromClient(tenantId, items, trusted === true);
  }

  @Mutation(() => Memory, { description: 'status FORGOTTEN: kept for audit, never recalled' })
  async forget(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Memory> {
    return toMemory(await this.service.forget(tenantId, id));
  }

  @Mutation(() => Boolean, { description: 'removes the memory and its edges for good' })
  deleteMemory(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    return this.service.delete(tenantId, id);
  }

  @Mutation(() => Association)
  async link(@Tenant() tenantId: string, @Args('input') input: LinkInput): Promise<Association> {
    return toAssociation(await this.service.link(tenantId, input));
  }

  @ResolveField(() => Memory, { nullable: true })
  async supersededBy(@Context() context: RequestContext, @Parent() memory: Memory): Promise<Memory | null> {
    if (!memory.supersededById) {
      return null;
    }
    const record = await this.loaders.for(context).memory.load(memory.supersededById);

    return record ? toMemory(record) : null;
  }

  @ResolveField(() => [Association])
  async associations(
    @Context() context: RequestContext,
    @Parent() memory: Memory,
    @Args('types', { type: () => [RelationType], nullable: true }) types: RelationType[] | null,
    @Args('direction', { type: () => Direction, nullable: true }) direction: Direction | null,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 20 }) limit: number | null,
  ): Promise<Association[]> {
    const loader = this.loaders.for(context).associations({ types, direction, limit: limit ?? 20 });

    return (await loader.load(memory.id)).map(toAssociation);
  }
}
