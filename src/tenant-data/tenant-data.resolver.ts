import { Args, Mutation, Resolver } from '@nestjs/graphql';

import { Tenant } from 'src/auth/tenant.decorator';
import { ChannelDeletion, SkillPurge } from 'src/tenant-data/tenant-data.dto';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';

/** Deletions a user reaches from GraphQL (additions to the contract). */
@Resolver()
export class TenantDataResolver {
  constructor(private readonly service: TenantDataService) {}

  @Mutation(() => ChannelDeletion, { description: 'deletes a channel with its messages and summaries for good' })
  deleteChannel(
    @Tenant() tenantId: string,
    @Args('channelId', { type: () => String }) channelId: string,
    @Args('deleteMemories', {
      type: () => Boolean,
      defaultValue: false,
      description: 'also delete the memories extracted only from this channel',
    })
    deleteMemories: boolean,
  ): Promise<ChannelDeletion> {
    return this.service.deleteChannel(tenantId, channelId, deleteMemories);
  }

  @Mutation(() => SkillPurge, {
    description: 'deletes every memory written while the skill was active (source.skillId), with its edges',
  })
  purgeSkill(
    @Tenant() tenantId: string,
    @Args('skillId', { type: () => String }) skillId: string,
  ): Promise<SkillPurge> {
    return this.service.purgeSkill(tenantId, skillId);
  }
}
