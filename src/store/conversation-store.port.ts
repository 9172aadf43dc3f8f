import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import type { ScoredId } from 'src/domain/memory-store.port';

export const CONVERSATION_STORE = Symbol('CONVERSATION_STORE');

/** Neighbour text indexed beside a message (both adapters, appends and imports): a long message's start says what it is about. */
export const NEIGHBOUR_CHARS = 2000;

/** A new message; the store assigns its place in the channel (`seq`) and it starts live (no summary). */
export type MessageDraft = Omit<MessageRecord, 'seq' | 'summaryId'>;

export interface AppendMessageCommand {
  message: MessageDraft;
  /**
   * Null (as appendMessage stores it: the vector follows, see MessageVectors) or when embeddings are unavailable: the
   * message is found by full text at once, and is owed a vector (`listOwedVectors`).
   */
  vector: Float32Array | null;
  /** Settings of the channel when this message creates it; an existing channel without a project adopts this one. */
  projectId: string | null;
}

export interface AppendedMessage {
  message: MessageRecord;
  channel: ChannelRecord;
  /** Tokens and number of the channel's live (unsummarised) messages after the append. */
  liveTokens: number;
  liveCount: number;
}

export interface ChannelSettings {
  private: boolean;
  projectId: string | null;
  /** Null: the configured default. */
  tokenBudget: number | null;
}

/** A message's place in its channel: messages are ordered by (createdAt, seq). */
export interface MessagePosition {
  createdAt: Date;
  seq: number;
}

export interface MessageListQuery {
  limit: number;
  /** Which end of the channel the `limit` messages come from; the answer is oldest first either way. */
  end: 'oldest' | 'newest';
  /** Live (unsummarised) messages only. */
  live?: boolean;
  /** Only messages strictly before this position. */
  before?: MessagePosition;
  /** Only messages at or before this position. */
  through?: MessagePosition;
}

/**
 * Which messages a search may see. With `channelId`: every message of that channel, and with `projectId` too, the
 * shared messages of the tenant's other channels of that project. Without `channelId`: the shared messages of the
 * tenant's channels, leaving out `excludeChannelId` (`projectId` is then ignored). Shared: written by a GUARDIAN
 * author in a channel that is not private; other messages are searchable only in their own channel.
 */
export interface MessageSearchScope {
  channelId?: string;
  /** Only with `channelId`: the project whose other channels' shared messages are searched too. */
  projectId?: string;
  excludeChannelId?: string;
  after?: Date;
  before?: Date;
}

/** A message next to a seed message in its channel: offset -1 is the one before it, +1 the one after. */
export interface MessageNeighbour {
  seedId: string;
  id: string;
  offset: number;
}

/** A message still owed LLM extraction (`extractedAt` null). */
export interface OwedExtraction {
  tenantId: string;
  messageId: string;
}

/** A message stored without a vector (its append answers before the embedding, or embeddings were unavailable). */
export interface OwedVector {
  tenantId: string;
  messageId: string;
  speaker: string | null;
  content: string;
}

/** A channel whose live history passes a share of its budget, with the newest live message a compaction runs through. */
export interface OverBudgetChannel {
  tenantId: string;
  channelId: string;
  liveTokens: number;
  budget: number;
  newestLiveMessageId: string;
}

/** How much of one kind of owed work is waiting, and since when (null: none). */
export interface OwedCount {
  items: number;
  oldest: Date | null;
}

/** The conversation side's owed work (backlog gauges, `status`): read from indexes over the owed rows only. */
export interface ConversationBacklog {
  /** Messages without a vector (none counted when the store keeps no vectors). */
  vectors: OwedCount;
  /** Messages still owed LLM extraction. */
  extractions: OwedCount;
  /** Channels over `share` of their budget; `oldest` is the oldest live message among them. */
  compactions: OwedCount;
}

export interface InsertSummaryCommand {
  summary: SummaryRecord;
  /** The live messages it compacts; all must still be live, or nothing is written. */
  messageIds: string[];
}

/**
 * Channels, messages and summaries of the conversation side, in domain terms. Every method is scoped to one tenant
 * and never returns another tenant's data. Adapters share the process's `StoreConnection` with the memory port, so
 * EXTRACTED_FROM provenance joins a memory to the message it came from.
 */
export interface ConversationStore {
  getChannel(tenantId: string, channelId: string): Promise<ChannelRecord | null>;
  /** A page of the tenant's channels in id order, strictly after `afterId` when given. */
  listChannels(tenantId: string, limit: number, afterId: string | null): Promise<ChannelRecord[]>;
  /** Creates the channel with these settings, or updates an existing one (which keeps its messages). */
  configureChannel(tenantId: string, channelId: string, settings: ChannelSettings, at: Date): Promise<ChannelRecord>;
  /** Removes the channel with its messages, summaries and their edges (memories stay); false when there was none. */
  deleteChannel(tenantId: string, channelId: string): Promise<boolean>;

  /** Stores the message (creating its channel if needed) in one transaction, with its text and vector indexes. */
  appendMessage(command: AppendMessageCommand): Promise<AppendedMessage>;
  getMessages(tenantId: string, ids: string[]): Promise<MessageRecord[]>;
  listMessages(tenantId: string, channelId: string, query: MessageListQuery): Promise<MessageRecord[]>;
  /** Tokens and count of the channel's live messages. */
  liveStats(tenantId: string, channelId: string): Promise<{ tokens: number; count: number }>;

  /** Full-text hits over content, speaker and the neighbouring messages' text (BM25: higher is better). */
  searchMessageText(tenantId: string, query: string, k: number, scope: MessageSearchScope): Promise<ScoredId[]>;
  /** Vector hits (cosine similarity). */
  searchMessageVectors(
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): Promise<ScoredId[]>;
  /** Up to `span` messages before and after each seed in its channel. */
  messageNeighbours(tenantId: string, seedIds: string[], span: number): Promise<MessageNeighbour[]>;

  /**
   * Messages of the tenant (null: of every tenant) still owed LLM extraction whose time (`createdAt`) is at or before
   * `olderThan`, newest first (a backlog that never clears cannot hide the owed work behind it), at most `limit`.
   */
  listOwedExtractions(tenantId: string | null, olderThan: Date, limit: number): Promise<OwedExtraction[]>;
  /**
   * Messages of the tenant (null: of every tenant) without a vector whose time (`createdAt`) is at or before
   * `olderThan`, newest first, at most `limit`; none when the store keeps no vectors.
   */
  listOwedVectors(tenantId: string | null, olderThan: Date, limit: number): Promise<OwedVector[]>;
  /**
   * Stores the vectors of the tenant's messages that still have none (a message embedded or deleted meanwhile is
   * skipped, and another tenant's id never matches); the number written.
   */
  saveMessageVectors(tenantId: string, vectors: { messageId: string; vector: Float32Array }[]): Promise<number>;
  /**
   * Channels of the tenant (null: of every tenant) whose live tokens exceed `share` of their budget (their own, else
   * `defaultBudget`), most tokens first, at most `limit`.
   */
  listChannelsOverBudget(
    tenantId: string | null,
    defaultBudget: number,
    share: number,
    limit: number,
  ): Promise<OverBudgetChannel[]>;

  /**
   * The owed work of the tenant (null: of every tenant): cheap enough for every scrape (indexes over the owed and live
   * messages only, never every message).
   */
  backlog(tenantId: string | null, compaction: { defaultBudget: number; share: number }): Promise<ConversationBacklog>;

  /** LLM extraction is done (or not needed) for these messages. */
  markExtracted(tenantId: string, messageIds: string[], at: Date): Promise<void>;
  /** `(:Memory)-[:EXTRACTED_FROM]->(:Message)`; false when either end is not the tenant's. Idempotent. */
  linkExtracted(tenantId: string, memoryId: string, messageId: string, at: Date): Promise<boolean>;
  /** Ids of the memories extracted from a message. */
  extractedFrom(tenantId: string, messageId: string): Promise<string[]>;

  /**
   * Stores a summary, `SUMMARIZES` edges to its messages, marks them compacted and makes it the channel's current
   * summary, all in one transaction. Null (and nothing written) when a message is no longer live or the channel's
   * current summary is not `summary.previousId`: another compaction got there first.
   */
  insertSummary(command: InsertSummaryCommand): Promise<SummaryRecord | null>;
  getSummary(tenantId: string, summaryId: string): Promise<SummaryRecord | null>;
  /** Ids of the messages a summary compacted, in channel order. */
  summarizedBy(tenantId: string, summaryId: string): Promise<string[]>;
}
