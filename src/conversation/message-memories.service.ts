import { Inject, Injectable } from '@nestjs/common';

import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import type { MemoryRecord } from 'src/domain/memory.types';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

/** The memories one message produced (its EXTRACTED_FROM edges), in the order they were learned. */
export interface MessageMemories {
  messageId: string;
  memories: MemoryRecord[];
}

/** Which memories the messages of a page produced: what the viewer shows under each message. */
@Injectable()
export class MessageMemoriesService {
  constructor(
    @Inject(CONVERSATION_STORE) private readonly conversations: ConversationStore,
    @Inject(MEMORY_STORE) private readonly memories: MemoryStore,
  ) {}

  /** Only messages that produced at least one memory, in the order given. */
  async learnedFrom(tenantId: string, messageIds: readonly string[]): Promise<MessageMemories[]> {
    const extracted = await Promise.all(
      messageIds.map(async (messageId) => ({
        messageId,
        ids: await this.conversations.extractedFrom(tenantId, messageId),
      })),
    );
    const byId = new Map(
      (await this.memories.getMemories(tenantId, [...new Set(extracted.flatMap((e) => e.ids))])).map((m) => [m.id, m]),
    );

    return extracted
      .map(({ messageId, ids }) => ({
        messageId,
        memories: ids.flatMap((id) => {
          const memory = byId.get(id);

          return memory ? [memory] : [];
        }),
      }))
      .filter((entry) => entry.memories.length > 0);
  }
}
