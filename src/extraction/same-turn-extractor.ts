import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import type { ChannelRecord, MessageRecord } from 'src/domain/conversation.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { scopeVisible } from 'src/domain/visibility';
import { extractDeterministic, LANGUAGE_TABLES } from 'src/extraction/deterministic-extractor';
import type { ForgetExtraction } from 'src/extraction/deterministic-extractor';
import { mayChangeMemories } from 'src/extraction/extraction-rules';
import { ExtractionWriter } from 'src/extraction/extraction-writer';
import { classifyIntent } from 'src/memory/intent/classify-intent';
import type { RememberOutcome } from 'src/memory/memory-write.service';
import { MemoryService } from 'src/memory/memory.service';
import { parseRememberRequest } from 'src/memory/remember-input';
import { readWrite } from 'src/memory/write/read-write';
import { RecallService } from 'src/recall/recall.service';

export interface SameTurnResult {
  extracted: RememberOutcome[];
  /** Memories a "forget ..." in the message retired (status FORGOTTEN). */
  forgotten: MemoryRecord[];
}

/** A forget request takes the best match, and the others nearly as good: a hit below this share of the best stays. */
const FORGET_CLOSE_TO_BEST = 0.8;
/** ... and only matches this relevant: "forget the thing" must not forget whatever ranks first. */
const FORGET_MIN_RELEVANCE = 0.3;
const FORGET_CANDIDATES = 5;

/** Sentences that run every rule table once: a slot, a retraction, a correction, a rule, a trait, Danish. */
const WARM_UP = [
  "Hi, I'm Maria, I'm 34 and I live in Oslo. I work as a nurse at Rikshospitalet.",
  "I don't work at Acme anymore. I said Bristol but I meant Bath. I'm not vegetarian anymore.",
  'From now on, keep your answers short. Remind me to call mum. I love hiking. I have a cat named Mochi.',
  'Jeg hedder Mette, jeg bor i Aarhus og arbejder som sygeplejerske. Jeg er ikke vegetar mere.',
  'The user lives in Lyon. Tell me a joke. Is vegetarian. No relevant information about the user.',
  // chatter no rule reads runs every fallback expression (retractions, value swaps, slot cues) to the end
  'oh and so yeah, well anyway lol, the weather was nice and we had fun at the beach with the kids',
  'og så nå ja, altså fint, vejret var godt og vi hyggede os ved stranden med børnene',
];

/**
 * Deterministic extraction inside `appendMessage`, before it answers: pattern tables, then the write path for each
 * statement, and "forget ..." retiring the best-matching memories the channel can see.
 */
@Injectable()
export class SameTurnExtractor implements OnModuleInit {
  private readonly logger = new Logger(SameTurnExtractor.name);

  constructor(
    private readonly writer: ExtractionWriter,
    private readonly recall: RecallService,
    private readonly memories: MemoryService,
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The write path's few hundred expressions compile on first use (hundreds of ms at once for a sentence no rule
   * reads): at boot, not inside the first user's request.
   */
  onModuleInit(): void {
    if (this.config.writeIntentModel) {
      classifyIntent('decode the weights at boot', 'en');
    }
    // once: with a second round (every expression compiled to machine code in every app) the e2e lane's one process,
    // which boots an app per suite, ran out of heap compiling an expression
    for (const text of WARM_UP) {
      extractDeterministic(text, LANGUAGE_TABLES, this.config.writeIntentModel ? classifyIntent : undefined);
      readWrite(
        parseRememberRequest({ content: text, source: { role: SourceRole.USER } }, 10_000),
        {},
        { firewall: true, detectSlots: true },
      );
    }
  }

  async extract(channel: ChannelRecord, message: MessageRecord): Promise<SameTurnResult> {
    const result: SameTurnResult = { extracted: [], forgotten: [] };
    if (!mayChangeMemories(message)) {
      return result;
    }
    const classifier = this.config.writeIntentModel ? classifyIntent : undefined;
    const extractions = extractDeterministic(message.content, LANGUAGE_TABLES, classifier);
    // a forget speaks of what was known before the message, never of what the message itself just stored
    const ordered = [
      ...extractions.filter((extraction) => extraction.kind === 'forget'),
      ...extractions.filter((extraction) => extraction.kind !== 'forget'),
    ];
    for (const extraction of ordered) {
      if (extraction.kind === 'forget') {
        result.forgotten.push(...(await this.forget(channel, extraction)));
      } else {
        result.extracted.push(
          await this.writer.write(channel, message, {
            content: extraction.content,
            type: extraction.type,
            slot: extraction.slot,
            explicit: extraction.explicit,
            ...(extraction.tags ? { tags: extraction.tags } : {}),
            ...(extraction.othersFact ? { othersFact: true } : {}),
          }),
        );
      }
    }

    return result;
  }

  private async forget(channel: ChannelRecord, request: ForgetExtraction): Promise<MemoryRecord[]> {
    const tenantId = channel.tenantId;
    let ids: string[];
    if (request.slots.length > 0) {
      const holders = (
        await Promise.all(request.slots.map((slot) => this.store.findActiveBySlot(tenantId, slot)))
      ).flat();
      ids = holders
        .filter((memory) => scopeVisible(memory, { channelId: channel.id, projectId: channel.projectId }))
        .map((memory) => memory.id);
    } else {
      const { hits } = await this.recall.recall(tenantId, {
        query: request.query,
        channelId: channel.id,
        projectId: channel.projectId,
        limit: FORGET_CANDIDATES,
      });
      const matching = hits.filter(
        (hit) => hit.explanation.text !== null && hit.explanation.relevance >= FORGET_MIN_RELEVANCE,
      );
      const best = matching[0]?.score ?? 0;
      ids = matching.filter((hit) => hit.score >= FORGET_CLOSE_TO_BEST * best).map((hit) => hit.memory.id);
    }
    const forgotten: MemoryRecord[] = [];
    for (const id of ids) {
      forgotten.push(await this.memories.forget(tenantId, id));
    }
    this.logger.log(
      `forget "${request.query.slice(0, 80)}" (${request.patternId}) retired ${forgotten.length} memories in ${tenantId}`,
    );

    return forgotten;
  }
}
