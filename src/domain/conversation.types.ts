import type { MessageRole, Trust } from 'src/domain/conversation.enums';

/** A conversation of one tenant; channel ids are the client's own keys, unique per tenant. */
export interface ChannelRecord {
  tenantId: string;
  id: string;
  /** What is learned here stays THREAD-scoped to the channel; it still reads shared memory. */
  private: boolean;
  projectId: string | null;
  /** Null: the configured default budget. */
  tokenBudget: number | null;
  messageCount: number;
  lastMessageAt: Date | null;
  /** The channel's current (cumulative) summary, null before the first compaction. */
  summaryId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MessageRecord {
  id: string;
  tenantId: string;
  channelId: string;
  /** Insertion number in the channel (1, 2, ...): breaks createdAt ties, so the order is total and stable. */
  seq: number;
  role: MessageRole;
  speaker: string | null;
  trust: Trust;
  content: string;
  tokenCount: number;
  createdAt: Date;
  /** When LLM extraction finished (or was not needed); null while it is owed. */
  extractedAt: Date | null;
  /** The summary that compacted this message, null while it is part of the live history. */
  summaryId: string | null;
}

export interface SummaryRecord {
  id: string;
  tenantId: string;
  channelId: string;
  /** Cumulative: it restates the previous summary's essentials, so the latest one alone stands for all compacted history. */
  content: string;
  tokenCount: number;
  /** The summary it replaces as the channel's current one. */
  previousId: string | null;
  /** Messages this summary compacted (SUMMARIZES), not those of earlier summaries. */
  messageCount: number;
  /** createdAt of the first and last message it compacted. */
  fromAt: Date;
  toAt: Date;
  createdAt: Date;
}
