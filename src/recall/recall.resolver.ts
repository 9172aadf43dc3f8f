import { Args, Query, Resolver } from '@nestjs/graphql';

import { Tenant } from 'src/auth/tenant.decorator';
import { toMemory } from 'src/memory/dto/memory.mapper';
import { RecallInput, RecallResult } from 'src/recall/recall.dto';
import { RecallService } from 'src/recall/recall.service';

@Resolver()
export class RecallResolver {
  constructor(private readonly service: RecallService) {}

  @Query(() => RecallResult)
  async recall(@Tenant() tenantId: string, @Args('input') input: RecallInput): Promise<RecallResult> {
    const result = await this.service.recall(tenantId, input);

    return {
      tookMs: result.tookMs,
      usedVectors: result.usedVectors,
      hits: result.hits.map((hit) => ({ ...hit, memory: toMemory(hit.memory) })),
    };
  }
}
