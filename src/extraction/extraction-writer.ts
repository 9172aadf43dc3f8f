import { Inject, Injectable } from '@nestjs/common';

import type { ChannelRecord, MessageRecord } from 'src/domain/conversation.types';
import { SourceRole, WriteOutcome } from 'src/domain/memory.enums';
import type { MemoryType } from 'src/domain/memory.enums';
import { extractionScope } from 'src/extraction/extraction-scope';
import type { SlotName } from 'src/language/slots';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import type { RememberOutcome } from 'src/memory/memory-write.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

export interface ExtractedItem {
  content: string;
  type: MemoryType | null;
  slot?: SlotName | null;
  explicit: boolean;
  importance?: number;
  confidence?: number;
  tags?: string[];
  /** Someone else's fact, kept as said: it claims no slot of the user's. */
  othersFact?: boolean;
}

/**
 * Every extractor writes through here: the existing write path (firewall, injection, contamination with the
 * message's trust, slots, dedup), provenance to the message (source and EXTRACTED_FROM), occurredAt = when the
 * message was said, and the channel's scope rules.
 */
@Injectable()
export class ExtractionWriter {
  constructor(
    private readonly writer: MemoryWriteService,
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
  ) {}

  async write(channel: ChannelRecord, message: MessageRecord, item: ExtractedItem): Promise<RememberOutcome> {
    const outcome = await this.writer.remember(
      message.tenantId,
      {
        content: item.content,
        type: item.type,
        slot: item.slot ?? null,
        explicit: item.explicit,
        importance: item.importance ?? null,
        confidence: item.confidence ?? null,
        tags: item.tags ?? null,
        ...extractionScope(channel, item.type, item.content),
        source: { role: SourceRole.USER, channelId: channel.id, messageId: message.id },
        occurredAt: message.createdAt,
      },
      { trust: message.trust, claimsSlots: !channel.private && item.othersFact !== true },
    );
    if (outcome.memory !== null && outcome.outcome !== WriteOutcome.REJECTED) {
      await this.store.linkExtracted(message.tenantId, outcome.memory.id, message.id, new Date());
    }

    return outcome;
  }
}
