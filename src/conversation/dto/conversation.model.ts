import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { Memory, RememberResult } from 'src/memory/dto/memory.model';
import { RecallHit } from 'src/recall/recall.dto';

@ObjectType()
export class Message {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  channelId!: string;

  @Field(() => MessageRole)
  role!: MessageRole;

  @Field(() => String, { nullable: true })
  speaker!: string | null;

  @Field(() => Trust)
  trust!: Trust;

  @Field(() => String)
  content!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Int)
  tokenCount!: number;
}

@ObjectType()
export class AppendMessageResult {
  @Field(() => Message)
  message!: Message;

  @Field(() => [RememberResult], { description: 'same-turn deterministic extraction' })
  extracted!: RememberResult[];

  @Field(() => [Memory], { description: 'memories a "forget ..." in this message retired (status FORGOTTEN)' })
  forgotten!: Memory[];

  @Field(() => Boolean)
  compactionQueued!: boolean;
}

@ObjectType({ description: 'relevance = ½·rrf / the best possible rrf + ½·score-calibrated fusion, as in recall' })
export class MessageScoreBreakdown {
  @Field(() => Float, { nullable: true, description: 'cosine similarity, null when not a vector hit' })
  vector!: number | null;

  @Field(() => Float, { nullable: true, description: 'full-text (BM25) score, null when not a text hit' })
  text!: number | null;

  @Field(() => Float, { nullable: true, description: 'score inherited from a neighbouring message, null when none' })
  neighbour!: number | null;

  @Field(() => Float)
  rrf!: number;

  @Field(() => Float)
  relevance!: number;
}

@ObjectType()
export class MessageHit {
  @Field(() => Message)
  message!: Message;

  @Field(() => Float)
  score!: number;

  @Field(() => MessageScoreBreakdown)
  explanation!: MessageScoreBreakdown;
}

@ObjectType()
export class AgentContext {
  @Field(() => String, { nullable: true })
  bulletin!: string | null;

  @Field(() => [RecallHit])
  memories!: RecallHit[];

  @Field(() => [Memory], { description: 'memories tagged "constraint": rules always included when they fit' })
  constraints!: Memory[];

  @Field(() => [MessageHit], { description: 'relevant messages from other conversations, when room was left' })
  earlierMessages!: MessageHit[];

  @Field(() => String, { nullable: true, description: 'compacted earlier history of the channel' })
  summary!: string | null;

  @Field(() => [Message], { description: 'the most recent messages that fit the budget, oldest first' })
  messages!: Message[];

  @Field(() => Int, { description: 'tokens of `text`' })
  tokenCount!: number;

  @Field(() => String, { description: 'everything above assembled for a system prompt, within tokenBudget' })
  text!: string;
}

@ObjectType()
export class Channel {
  @Field(() => String)
  id!: string;

  @Field(() => Boolean)
  private!: boolean;

  @Field(() => String, { nullable: true })
  projectId!: string | null;

  @Field(() => Int)
  tokenBudget!: number;

  @Field(() => Int)
  messageCount!: number;

  @Field(() => String, { nullable: true })
  summary!: string | null;

  @Field(() => Date, { nullable: true })
  lastMessageAt!: Date | null;
}

@ObjectType({ description: 'a page of channels in id order' })
export class ChannelPage {
  @Field(() => [Channel])
  items!: Channel[];

  @Field(() => String, { nullable: true, description: 'pass as `cursor` for the next page' })
  nextCursor!: string | null;
}

@ObjectType({ description: 'the memories one message produced' })
export class MessageMemories {
  @Field(() => ID)
  messageId!: string;

  @Field(() => [Memory])
  memories!: Memory[];
}

@ObjectType({ description: 'a page of a channel’s messages, oldest first; the first page holds the newest messages' })
export class MessagePage {
  @Field(() => [Message])
  items!: Message[];

  @Field(() => [MessageMemories], { description: 'for each message of the page that produced memories: which' })
  learned!: MessageMemories[];

  @Field(() => String, { nullable: true, description: 'pass as `cursor` for the page of older messages' })
  nextCursor!: string | null;
}
