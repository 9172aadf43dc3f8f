import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { KeyedSerial } from 'src/common/keyed-serial';
import { countTokens } from 'src/common/tokens';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import { channelBudget, planCompaction, summaryTokenBudget } from 'src/extraction/compaction.policy';
import { extractiveSummary } from 'src/extraction/extractive-summary';
import { LlmExtractionService } from 'src/extraction/llm-extraction.service';
import { LlmSummariser } from 'src/extraction/llm-summariser';
import { LLM } from 'src/llm/llm.port';
import type { LlmClient } from 'src/llm/llm.port';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

/** A compaction reads at most this many live messages (a channel far over budget compacts in several rounds). */
const MAX_COMPACTED = 2000;
const MAX_ATTEMPTS = 3;

interface Planned {
  channel: ChannelRecord;
  budget: number;
  /** Live messages to compact, oldest first; never empty. */
  compacted: MessageRecord[];
}

export interface CompactionRequest {
  tenantId: string;
  channelId: string;
  throughMessageId: string;
  forced: boolean;
}

/**
 * Summarises a channel's oldest live messages into its next (cumulative) Summary. Extraction of those messages runs
 * first, so nothing compacted away is lost; then the summary (LLM when configured, extractive otherwise or when the
 * LLM fails) is written in one transaction with its SUMMARIZES edges. A crash anywhere leaves the old state; running
 * the same job again finds nothing left to do.
 */
@Injectable()
export class CompactionService {
  private readonly logger = new Logger(CompactionService.name);
  private readonly summariser: LlmSummariser | null;
  /** Compactions of one channel in this process run one after another: side by side, each would pay for a summary
   * and only one could be written (the later plans from what the earlier left, usually nothing). */
  private readonly channels = new KeyedSerial();

  constructor(
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
    private readonly extraction: LlmExtractionService,
    @Inject(LLM) llm: LlmClient | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.summariser = llm ? new LlmSummariser(llm) : null;
  }

  /**
   * The summary written, or null when there was nothing (left) to compact. A compaction that loses the race to a
   * concurrent one of the same channel (in another process) plans again from what that one left.
   */
  compact(request: CompactionRequest, jobId: string): Promise<SummaryRecord | null> {
    return this.channels.run(JSON.stringify([request.tenantId, request.channelId]), () =>
      this.compactNow(request, jobId),
    );
  }

  private async compactNow(request: CompactionRequest, jobId: string): Promise<SummaryRecord | null> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const planned = await this.plan(request);
      if (planned === null) {
        return null;
      }
      const saved = await this.write(planned, jobId);
      if (saved) {
        return saved;
      }
      this.logger.log(`job ${jobId}: another compaction of ${request.channelId} got there first; planning again`);
    }

    return null;
  }

  private async plan(request: CompactionRequest): Promise<Planned | null> {
    const { tenantId, channelId } = request;
    const [channel, [through]] = await Promise.all([
      this.store.getChannel(tenantId, channelId),
      this.store.getMessages(tenantId, [request.throughMessageId]),
    ]);
    if (!channel || !through || through.channelId !== channelId) {
      return null;
    }
    const budget = channelBudget(channel, this.config.conversations.tokenBudget);
    const [live, candidates] = await Promise.all([
      this.store.liveStats(tenantId, channelId),
      this.store.listMessages(tenantId, channelId, { limit: MAX_COMPACTED, end: 'oldest', live: true, through }),
    ]);
    const ids = new Set(
      planCompaction({ candidates, liveTokens: live.tokens, liveCount: live.count, budget, forced: request.forced }),
    );
    const compacted = candidates.filter((m) => ids.has(m.id));

    return compacted.length > 0 ? { channel, budget, compacted } : null;
  }

  private async write({ channel, budget, compacted }: Planned, jobId: string): Promise<SummaryRecord | null> {
    const first = compacted[0]!;
    const last = compacted[compacted.length - 1]!;
    await this.extraction.extractTurns(channel, compacted, jobId);
    const previous = channel.summaryId ? await this.store.getSummary(channel.tenantId, channel.summaryId) : null;
    const content = await this.summarise(previous?.content ?? null, compacted, summaryTokenBudget(budget), jobId);
    const summary: SummaryRecord = {
      id: randomUUID(),
      tenantId: channel.tenantId,
      channelId: channel.id,
      content,
      tokenCount: countTokens(content),
      previousId: channel.summaryId,
      messageCount: compacted.length,
      fromAt: first.createdAt,
      toAt: last.createdAt,
      createdAt: new Date(),
    };
    const saved = await this.store.insertSummary({ summary, messageIds: compacted.map((m) => m.id) });
    if (saved) {
      this.logger.log(
        `job ${jobId}: compacted ${compacted.length} messages of ${channel.id} into a ${summary.tokenCount}-token summary`,
      );
    }

    return saved;
  }

  private async summarise(
    previous: string | null,
    messages: MessageRecord[],
    maxTokens: number,
    jobId: string,
  ): Promise<string> {
    if (this.summariser) {
      try {
        return await this.summariser.summarise({ previous, messages, maxTokens });
      } catch (error) {
        this.logger.warn(
          `job ${jobId}: LLM summary failed, using the extractive one: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }

    return extractiveSummary({ previous, messages, maxTokens }) || (previous ?? '');
  }
}
