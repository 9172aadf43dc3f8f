import { JOB_QUEUE } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { InProcessQueue } from 'src/jobs/in-process.queue';
import { expectData, KEYS } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';

/** Typed GraphQL helpers for the conversation side, shared by the conversation e2e suites. */

export const MESSAGE_FIELDS = 'id channelId role speaker trust content createdAt tokenCount';
const MEMORY_FIELDS =
  'id type content status scope channelId projectId slot confidence tags occurredAt createdAt source { role channelId messageId }';

export const APPEND = `mutation($input: MessageInput!) {
  appendMessage(input: $input) {
    message { ${MESSAGE_FIELDS} }
    extracted { outcome reason memory { ${MEMORY_FIELDS} } superseded { id content status } }
    forgotten { id content status }
    compactionQueued
  }
}`;
export const MESSAGES = `query($channelId: String!, $limit: Int) { messages(channelId: $channelId, limit: $limit) { ${MESSAGE_FIELDS} } }`;
export const CHANNEL = `query($id: String!) { channel(id: $id) { id private projectId tokenBudget messageCount summary lastMessageAt } }`;
export const CONFIGURE = `mutation($input: ChannelInput!) { configureChannel(input: $input) { id private projectId tokenBudget messageCount summary lastMessageAt } }`;
export const SEARCH = `query($input: SearchMessagesInput!) {
  searchMessages(input: $input) { score message { ${MESSAGE_FIELDS} } explanation { vector text neighbour rrf relevance } }
}`;
export const CONTEXT = `query($input: ContextInput!) {
  context(input: $input) {
    bulletin summary tokenCount text
    memories { tier score memory { id content type scope } }
    constraints { id content }
    earlierMessages { message { id channelId content } }
    messages { ${MESSAGE_FIELDS} }
  }
}`;
export const COMPACT = `mutation($channelId: String!) { compactChannel(channelId: $channelId) }`;

export interface MessageView {
  id: string;
  channelId: string;
  role: string;
  speaker: string | null;
  trust: string;
  content: string;
  createdAt: string;
  tokenCount: number;
}

export interface ExtractedMemory {
  id: string;
  type: string;
  content: string;
  status: string;
  scope: string;
  channelId: string | null;
  projectId: string | null;
  slot: string | null;
  confidence: number;
  tags: string[];
  occurredAt: string;
  createdAt: string;
  source: { role: string; channelId: string | null; messageId: string | null };
}

export interface AppendView {
  message: MessageView;
  extracted: {
    outcome: string;
    reason: string | null;
    memory: ExtractedMemory | null;
    superseded: { id: string; content: string; status: string }[];
  }[];
  forgotten: { id: string; content: string; status: string }[];
  compactionQueued: boolean;
}

export interface ChannelView {
  id: string;
  private: boolean;
  projectId: string | null;
  tokenBudget: number;
  messageCount: number;
  summary: string | null;
  lastMessageAt: string | null;
}

export interface SearchHitView {
  score: number;
  message: MessageView;
  explanation: { vector: number | null; text: number | null; neighbour: number | null; rrf: number; relevance: number };
}

export interface ContextView {
  bulletin: string | null;
  summary: string | null;
  tokenCount: number;
  text: string;
  memories: { tier: string; score: number; memory: { id: string; content: string; type: string; scope: string } }[];
  constraints: { id: string; content: string }[];
  earlierMessages: { message: { id: string; channelId: string; content: string } }[];
  messages: MessageView[];
}

export class ConversationApi {
  constructor(
    readonly t: TestApp,
    private readonly key: string = KEYS.alice,
  ) {}

  as(key: string): ConversationApi {
    return new ConversationApi(this.t, key);
  }

  async append(input: Record<string, unknown> & { channelId: string; content: string }): Promise<AppendView> {
    const res = await this.t.gql<{ appendMessage: AppendView }>(
      APPEND,
      { input: { role: 'USER', ...input } },
      this.key,
    );

    return expectData(res, `appendMessage(${JSON.stringify(input.content).slice(0, 60)})`).appendMessage;
  }

  async messages(channelId: string, limit = 50): Promise<MessageView[]> {
    return expectData(
      await this.t.gql<{ messages: MessageView[] }>(MESSAGES, { channelId, limit }, this.key),
      'messages',
    ).messages;
  }

  async channel(id: string): Promise<ChannelView | null> {
    return expectData(await this.t.gql<{ channel: ChannelView | null }>(CHANNEL, { id }, this.key), 'channel').channel;
  }

  async configure(input: Record<string, unknown>): Promise<ChannelView> {
    return expectData(
      await this.t.gql<{ configureChannel: ChannelView }>(CONFIGURE, { input }, this.key),
      'configureChannel',
    ).configureChannel;
  }

  async search(input: Record<string, unknown>): Promise<SearchHitView[]> {
    return expectData(
      await this.t.gql<{ searchMessages: SearchHitView[] }>(SEARCH, { input }, this.key),
      'searchMessages',
    ).searchMessages;
  }

  async context(input: Record<string, unknown>): Promise<ContextView> {
    return expectData(await this.t.gql<{ context: ContextView }>(CONTEXT, { input }, this.key), 'context').context;
  }

  async compact(channelId: string): Promise<boolean> {
    return expectData(await this.t.gql<{ compactChannel: boolean }>(COMPACT, { channelId }, this.key), 'compactChannel')
      .compactChannel;
  }

  /** Waits for the in-process job runner to finish what is queued (embedded mode). */
  async drain(): Promise<void> {
    const queue = this.t.app.get<JobQueue>(JOB_QUEUE);
    if (!(queue instanceof InProcessQueue)) {
      throw new Error('drain() needs the in-process queue (no REDIS_URL)');
    }
    await queue.drain();
  }
}
