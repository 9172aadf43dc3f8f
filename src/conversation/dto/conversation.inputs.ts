import { Field, InputType, Int } from '@nestjs/graphql';

import { MessageRole, Trust } from 'src/domain/conversation.enums';

@InputType()
export class MessageInput {
  @Field(() => String)
  channelId!: string;

  @Field(() => MessageRole)
  role!: MessageRole;

  @Field(() => String)
  content!: string;

  @Field(() => String, {
    nullable: true,
    description: 'display name of the author (group chats, imported conversations); searched and shown in context',
  })
  speaker?: string | null;

  @Field(() => Trust, {
    nullable: true,
    defaultValue: Trust.GUARDIAN,
    description: 'only GUARDIAN messages may create or change memories',
  })
  trust?: Trust | null;

  @Field(() => String, { nullable: true })
  projectId?: string | null;

  @Field(() => Date, { nullable: true, description: 'omitted: now (imports of old conversations set it)' })
  createdAt?: Date | null;
}

@InputType()
export class ContextInput {
  @Field(() => String)
  channelId!: string;

  @Field(() => String, { nullable: true, description: "omitted: the channel's last user message" })
  query?: string | null;

  @Field(() => Int, { nullable: true, defaultValue: 8000 })
  tokenBudget?: number | null;

  @Field(() => String, { nullable: true })
  projectId?: string | null;
}

@InputType()
export class ChannelInput {
  @Field(() => String)
  channelId!: string;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'memories learned here stay THREAD-scoped (never leak out); the channel still reads shared memory',
  })
  private?: boolean | null;

  @Field(() => String, { nullable: true, description: 'omitted: unchanged; null: none' })
  projectId?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'history budget of the channel; compaction starts at 80% of it. Omitted: unchanged; null: the default',
  })
  tokenBudget?: number | null;
}

@InputType()
export class SearchMessagesInput {
  @Field(() => String)
  query!: string;

  @Field(() => String, { nullable: true, description: 'omitted: every non-private channel of the tenant' })
  channelId?: string | null;

  @Field(() => Int, { nullable: true, defaultValue: 10 })
  limit?: number | null;

  @Field(() => Date, { nullable: true, description: 'only messages created after this time' })
  after?: Date | null;

  @Field(() => Date, { nullable: true, description: 'only messages created before this time' })
  before?: Date | null;
}
