import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { BadInputError, NotFoundError } from 'src/common/errors';
import { countTokens } from 'src/common/tokens';
import { traced } from 'src/common/tracing';
import { assertLimit, optionalKey } from 'src/common/validation';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import {
  decodeChannelCursor,
  decodeMessageCursor,
  encodeChannelCursor,
  encodeMessageCursor,
} from 'src/conversation/conversation-cursor';
import {
  assertChannelId,
  assertTokenBudget,
  MAX_MESSAGES_PAGE,
  parseMessageRequest,
} from 'src/conversation/conversation-input';
import type { MessageRequest } from 'src/conversation/conversation-input';
import type { ChannelRecord, MessageRecord } from 'src/domain/conversation.types';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import type { MemoryRecord } from 'src/domain/memory.types';
import { channelBudget, needsCompaction } from 'src/extraction/compaction.policy';
import { owesLlmExtraction } from 'src/extraction/extraction-rules';
import { LlmExtractionService } from 'src/extraction/llm-extraction.service';
import { MessageVectors } from 'src/extraction/message-vectors.service';
import { compactionJobId, extractionJobId } from 'src/extraction/owed-work.policy';
import { SameTurnExtractor } from 'src/extraction/same-turn-extractor';
import { offerJob } from 'src/jobs/offer-job';
import type { RememberOutcome } from 'src/memory/memory-write.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

export interface AppendOutcome {
  message: MessageRecord;
  extracted: RememberOutcome[];
  forgotten: MemoryRecord[];
  compactionQueued: boolean;
}

export interface ChannelView extends ChannelRecord {
  /** The configured budget, or the default. */
  effectiveTokenBudget: number;
  summary: string | null;
}

export interface Page<T> {
  items: T[];
  /** Pass it back for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface ChannelRequest {
  channelId: string;
  private?: boolean | null;
  /** Omitted: unchanged; null: none. */
  projectId?: string | null;
  /** Omitted: unchanged; null: the default. */
  tokenBudget?: number | null;
}

/** Channels and messages: append (with same-turn extraction and the jobs it owes), read, configure, compact. */
@Injectable()
export class ConversationService {
  private readonly logger = new Logger(ConversationService.name);

  constructor(
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sameTurn: SameTurnExtractor,
    private readonly llmExtraction: LlmExtractionService,
    private readonly vectors: MessageVectors,
  ) {}

  append(tenantId: string, request: MessageRequest): Promise<AppendOutcome> {
    return traced('append_message', () => this.appendTraced(tenantId, request));
  }

  private async appendTraced(tenantId: string, request: MessageRequest): Promise<AppendOutcome> {
    const command = parseMessageRequest(request, this.config.limits.maxContentBytes);
    const existing = await this.store.getChannel(tenantId, command.channelId);
    if (existing?.projectId && command.projectId && existing.projectId !== command.projectId) {
      throw new BadInputError(
        `channel ${JSON.stringify(command.channelId)} belongs to project ${JSON.stringify(existing.projectId)}`,
      );
    }
    const now = new Date();
    const owesLlm = this.llmExtraction.enabled && owesLlmExtraction(command);
    const appended = await this.store.appendMessage({
      message: {
        id: randomUUID(),
        tenantId,
        channelId: command.channelId,
        role: command.role,
        speaker: command.speaker,
        trust: command.trust,
        content: command.content,
        tokenCount: countTokens(command.content),
        createdAt: command.createdAt ?? now,
        extractedAt: owesLlm ? null : now,
      },
      // the vector follows (MessageVectors): full text finds the message at once, vector search a moment later
      vector: null,
      projectId: command.projectId,
    });
    const { message, channel } = appended;
    this.vectors.owe(message);
    const { extracted, forgotten } = await traced('append_message.same_turn', () =>
      this.sameTurn.extract(channel, message),
    );
    // the message is stored: its jobs are offered for a bounded time, and what is not queued stays owed in the store
    // (extractedAt null, live tokens over the budget) for the owed-work sweep
    const deadline = this.config.jobs.enqueueTimeoutMs;
    const compactionQueued = needsCompaction(
      appended.liveTokens,
      channelBudget(channel, this.config.conversations.tokenBudget),
    );
    await Promise.all([
      owesLlm &&
        offerJob(
          this.queue,
          deadline,
          this.logger,
          JobName.ExtractMessage,
          { tenantId, messageId: message.id },
          { jobId: extractionJobId(message.id) },
        ),
      compactionQueued &&
        offerJob(
          this.queue,
          deadline,
          this.logger,
          JobName.CompactChannel,
          { tenantId, channelId: channel.id, throughMessageId: message.id, forced: false },
          { jobId: compactionJobId(message.id) },
        ),
    ]);

    return { message, extracted, forgotten, compactionQueued };
  }

  async messages(tenantId: string, channelId: string, limit: number): Promise<MessageRecord[]> {
    return this.store.listMessages(tenantId, assertChannelId(channelId), {
      limit: assertLimit(limit, 'limit', MAX_MESSAGES_PAGE),
      end: 'newest',
    });
  }

  /** A page of the tenant's channels in id order; `cursor` is the previous page's `nextCursor`. */
  async channels(tenantId: string, limit: number, cursor: string | null): Promise<Page<ChannelView>> {
    assertLimit(limit, 'limit', MAX_MESSAGES_PAGE);
    const afterId = cursor === null ? null : decodeChannelCursor(cursor);
    const rows = await this.store.listChannels(tenantId, limit + 1, afterId);
    const items = await Promise.all(rows.slice(0, limit).map((channel) => this.view(channel)));
    const last = items[items.length - 1];

    return { items, nextCursor: rows.length > limit && last ? encodeChannelCursor(last.id) : null };
  }

  /** The channel's messages page by page from the newest back (each page oldest first); NOT_FOUND for an unknown channel. */
  async messagePage(
    tenantId: string,
    channelId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<MessageRecord>> {
    const id = assertChannelId(channelId);
    assertLimit(limit, 'limit', MAX_MESSAGES_PAGE);
    const before = cursor === null ? undefined : decodeMessageCursor(cursor);
    if (!(await this.store.getChannel(tenantId, id))) {
      throw new NotFoundError('channel', channelId);
    }
    const rows = await this.store.listMessages(tenantId, id, { limit: limit + 1, end: 'newest', before });
    const items = rows.length > limit ? rows.slice(1) : rows;
    const oldest = items[0];

    return { items, nextCursor: rows.length > limit && oldest ? encodeMessageCursor(oldest) : null };
  }

  async channel(tenantId: string, channelId: string): Promise<ChannelView | null> {
    const channel = await this.store.getChannel(tenantId, assertChannelId(channelId, 'id'));

    return channel ? this.view(channel) : null;
  }

  async configure(tenantId: string, request: ChannelRequest): Promise<ChannelView> {
    const channelId = assertChannelId(request.channelId);
    const tokenBudget =
      request.tokenBudget === null || request.tokenBudget === undefined
        ? request.tokenBudget
        : assertTokenBudget(request.tokenBudget);
    const projectId = request.projectId === undefined ? undefined : optionalKey(request.projectId, 'projectId');
    const existing = await this.store.getChannel(tenantId, channelId);
    const channel = await this.store.configureChannel(
      tenantId,
      channelId,
      {
        private: request.private ?? false,
        projectId: projectId === undefined ? (existing?.projectId ?? null) : projectId,
        tokenBudget: tokenBudget === undefined ? (existing?.tokenBudget ?? null) : tokenBudget,
      },
      new Date(),
    );

    return this.view(channel);
  }

  /** Queues compaction now; false when the channel has nothing to compact (its newest message always stays live). */
  async compact(tenantId: string, channelId: string): Promise<boolean> {
    const id = assertChannelId(channelId);
    const channel = await this.store.getChannel(tenantId, id);
    if (!channel) {
      throw new NotFoundError('channel', channelId);
    }
    const [newest] = await this.store.listMessages(tenantId, id, { limit: 1, end: 'newest', live: true });
    const live = await this.store.liveStats(tenantId, id);
    if (!newest || live.count < 2) {
      return false;
    }
    // bounded like appendMessage's jobs: while Redis is away the job waits in this process's connection until it is back
    await offerJob(
      this.queue,
      this.config.jobs.enqueueTimeoutMs,
      this.logger,
      JobName.CompactChannel,
      { tenantId, channelId: id, throughMessageId: newest.id, forced: true },
      { jobId: `compact-now.${newest.id}` },
    );

    return true;
  }

  private async view(channel: ChannelRecord): Promise<ChannelView> {
    const summary = channel.summaryId ? await this.store.getSummary(channel.tenantId, channel.summaryId) : null;

    return {
      ...channel,
      effectiveTokenBudget: channelBudget(channel, this.config.conversations.tokenBudget),
      summary: summary?.content || null,
    };
  }
}
