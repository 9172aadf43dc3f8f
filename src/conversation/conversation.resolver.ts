import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';

import { Tenant } from 'src/auth/tenant.decorator';
import { ContextService } from 'src/conversation/context.service';
import { ConversationService } from 'src/conversation/conversation.service';
import {
  ChannelInput,
  ContextInput,
  MessageInput,
  SearchMessagesInput,
} from 'src/conversation/dto/conversation.inputs';
import {
  toAgentContext,
  toAppendResult,
  toChannel,
  toMessage,
  toMessageHit,
} from 'src/conversation/dto/conversation.mapper';
import {
  AgentContext,
  AppendMessageResult,
  Channel,
  ChannelPage,
  Message,
  MessageHit,
  MessagePage,
} from 'src/conversation/dto/conversation.model';
import { MessageMemoriesService } from 'src/conversation/message-memories.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { toMemory } from 'src/memory/dto/memory.mapper';

@Resolver()
export class ConversationResolver {
  constructor(
    private readonly conversations: ConversationService,
    private readonly contexts: ContextService,
    private readonly search: MessageSearchService,
    private readonly learned: MessageMemoriesService,
  ) {}

  @Mutation(() => AppendMessageResult)
  async appendMessage(@Tenant() tenantId: string, @Args('input') input: MessageInput): Promise<AppendMessageResult> {
    return toAppendResult(await this.conversations.append(tenantId, input));
  }

  @Query(() => [Message])
  async messages(
    @Tenant() tenantId: string,
    @Args('channelId', { type: () => String }) channelId: string,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number | null,
  ): Promise<Message[]> {
    return (await this.conversations.messages(tenantId, channelId, limit ?? 50)).map(toMessage);
  }

  @Query(() => ChannelPage, { description: 'the tenant’s channels in id order, a page at a time' })
  async channels(
    @Tenant() tenantId: string,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number | null,
    @Args('cursor', { type: () => String, nullable: true }) cursor: string | null,
  ): Promise<ChannelPage> {
    const page = await this.conversations.channels(tenantId, limit ?? 50, cursor ?? null);

    return { items: page.items.map(toChannel), nextCursor: page.nextCursor };
  }

  @Query(() => MessagePage, {
    description: 'a channel’s messages a page at a time: the newest page first, each page oldest first',
  })
  async messagePage(
    @Tenant() tenantId: string,
    @Args('channelId', { type: () => String }) channelId: string,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number | null,
    @Args('cursor', { type: () => String, nullable: true, description: 'nextCursor of the previous (newer) page' })
    cursor: string | null,
  ): Promise<MessagePage> {
    const page = await this.conversations.messagePage(tenantId, channelId, limit ?? 50, cursor ?? null);
    const learned = await this.learned.learnedFrom(
      tenantId,
      page.items.map((m) => m.id),
    );

    return {
      items: page.items.map(toMessage),
      nextCursor: page.nextCursor,
      learned: learned.map((l) => ({ messageId: l.messageId, memories: l.memories.map(toMemory) })),
    };
  }

  @Query(() => AgentContext)
  async context(@Tenant() tenantId: string, @Args('input') input: ContextInput): Promise<AgentContext> {
    return toAgentContext(await this.contexts.context(tenantId, input));
  }

  @Query(() => [MessageHit], { description: 'the raw conversation history (episodic layer)' })
  async searchMessages(@Tenant() tenantId: string, @Args('input') input: SearchMessagesInput): Promise<MessageHit[]> {
    return (await this.search.search(tenantId, input)).map(toMessageHit);
  }

  @Query(() => Channel, { nullable: true })
  async channel(@Tenant() tenantId: string, @Args('id', { type: () => String }) id: string): Promise<Channel | null> {
    const view = await this.conversations.channel(tenantId, id);

    return view ? toChannel(view) : null;
  }

  @Mutation(() => Channel)
  async configureChannel(@Tenant() tenantId: string, @Args('input') input: ChannelInput): Promise<Channel> {
    return toChannel(await this.conversations.configure(tenantId, input));
  }

  @Mutation(() => Boolean, { description: 'queue compaction of the channel now' })
  compactChannel(
    @Tenant() tenantId: string,
    @Args('channelId', { type: () => String }) channelId: string,
  ): Promise<boolean> {
    return this.conversations.compact(tenantId, channelId);
  }
}
