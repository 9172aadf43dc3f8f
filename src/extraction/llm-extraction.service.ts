import { Inject, Injectable, Logger } from '@nestjs/common';

import { BULLETIN_READER } from 'src/cortex/bulletin/bulletin-reader';
import type { BulletinReader } from 'src/cortex/bulletin/bulletin-reader';
import type { ChannelRecord, MessageRecord } from 'src/domain/conversation.types';
import { owesLlmExtraction } from 'src/extraction/extraction-rules';
import { ExtractionWriter } from 'src/extraction/extraction-writer';
import { stripInjected } from 'src/extraction/injected-text';
import { LlmExtractor } from 'src/extraction/llm-extractor';
import { steelGate } from 'src/extraction/steel-gate';
import { LLM } from 'src/llm/llm.port';
import type { LlmClient } from 'src/llm/llm.port';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

/** Earlier messages sent along for understanding (pronouns, what a short answer answers). */
const CONTEXT_MESSAGES = 6;
/** New turns per LLM call when a compaction extracts many messages at once. */
const TURNS_PER_CALL = 8;

/**
 * The extraction job: the new user turn(s) with a little preceding context go to the LLM, every candidate passes
 * the steel gate, and what passes goes through the write path. LLM failures throw, so the job retries with backoff;
 * the conversation itself is never touched by a failure. A message is marked extracted once its turn is done.
 */
@Injectable()
export class LlmExtractionService {
  private readonly logger = new Logger(LlmExtractionService.name);
  private readonly extractor: LlmExtractor | null;

  constructor(
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
    private readonly writer: ExtractionWriter,
    @Inject(LLM) llm: LlmClient | null,
    @Inject(BULLETIN_READER) private readonly bulletins: BulletinReader,
  ) {
    this.extractor = llm ? new LlmExtractor(llm) : null;
  }

  get enabled(): boolean {
    return this.extractor !== null;
  }

  async extractMessage(tenantId: string, messageId: string, jobId: string): Promise<void> {
    const [message] = await this.store.getMessages(tenantId, [messageId]);
    if (!message || message.extractedAt !== null) {
      return;
    }
    const channel = await this.store.getChannel(tenantId, message.channelId);
    if (channel) {
      await this.extractTurns(channel, [message], jobId);
    }
  }

  /** Extracts every message of `messages` still owed extraction, oldest first, and marks them all extracted. */
  async extractTurns(channel: ChannelRecord, messages: readonly MessageRecord[], jobId: string): Promise<void> {
    const owed = messages.filter((m) => m.extractedAt === null);
    const turns = owed.filter(owesLlmExtraction);
    if (this.extractor !== null) {
      for (let i = 0; i < turns.length; i += TURNS_PER_CALL) {
        await this.extractBatch(this.extractor, channel, turns.slice(i, i + TURNS_PER_CALL), jobId);
      }
    }
    await this.store.markExtracted(
      channel.tenantId,
      owed.map((m) => m.id),
      new Date(),
    );
  }

  private async extractBatch(
    extractor: LlmExtractor,
    channel: ChannelRecord,
    turns: MessageRecord[],
    jobId: string,
  ): Promise<void> {
    const first = turns[0];
    if (!first) {
      return;
    }
    const [context, injected] = await Promise.all([
      this.store.listMessages(channel.tenantId, channel.id, { limit: CONTEXT_MESSAGES, end: 'newest', before: first }),
      this.injected(channel),
    ]);
    const raw = await extractor.candidates({
      turns: turns.map((m, turn) => ({ turn, speaker: m.speaker, at: m.createdAt, text: stripInjected(m.content) })),
      context: context.map((m) => ({
        role: m.role,
        speaker: m.speaker,
        at: m.createdAt,
        text: stripInjected(m.content),
      })),
      today: new Date(),
    });
    const verdict = steelGate({
      candidates: raw,
      turns: turns.map((m, index) => ({ index, text: stripInjected(m.content) })),
      injected,
    });
    for (const rejected of verdict.rejected) {
      this.logger.debug(`job ${jobId}: candidate ${JSON.stringify(rejected.content)} rejected: ${rejected.reason}`);
    }
    let stored = 0;
    for (const candidate of verdict.accepted) {
      const message = turns[candidate.turn];
      if (message) {
        const outcome = await this.writer.write(channel, message, { ...candidate, explicit: false });
        stored += outcome.memory !== null ? 1 : 0;
      }
    }
    this.logger.log(
      `job ${jobId}: ${turns.length} turn(s), ${raw.length} candidates, ${verdict.accepted.length} passed the gate, ${stored} written`,
    );
  }

  /** What the service itself wrote and could see again: the channel's summary and the tenant's bulletin. */
  private async injected(channel: ChannelRecord): Promise<string[]> {
    const [summary, bulletin] = await Promise.all([
      channel.summaryId ? this.store.getSummary(channel.tenantId, channel.summaryId) : Promise.resolve(null),
      // the stored one: a briefing rendered on the spot (before the first is stored) states the user's own words back,
      // and a turn repeating them must still reinforce them
      this.bulletins.stored(channel.tenantId),
    ]);

    return [summary?.content, bulletin?.content].filter((text): text is string => typeof text === 'string');
  }
}
