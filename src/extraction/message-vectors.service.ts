import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown } from '@nestjs/common';

import { traced } from 'src/common/tracing';
import type { MessageRecord } from 'src/domain/conversation.types';
import { EMBEDDER, EmbeddingUnavailableError } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { messageEmbeddingText } from 'src/embedding/embedding-text';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore, OwedVector } from 'src/store/conversation-store.port';

/** Messages per model call: the local model's throughput is flat from 8 up. */
const BATCH = 16;

/**
 * A message's vector follows its append: `owe` hands the stored message to a background loop that embeds what is
 * waiting in batches on the embedder's bulk lane and stores the vectors. Nothing here is durable on purpose: the
 * store itself says which messages have no vector, and the owed-work sweep (`embedOwed`) embeds those a crash, a
 * restart or an embeddings outage left behind.
 */
@Injectable()
export class MessageVectors implements BeforeApplicationShutdown {
  private readonly logger = new Logger(MessageVectors.name);
  private waiting: OwedVector[] = [];
  /** Ids waiting or being embedded here, which the sweep leaves to this loop. */
  private readonly inFlight = new Set<string>();
  private draining: Promise<void> | null = null;
  private closed = false;

  constructor(
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  /** Embeds the message soon, after the request that stored it has answered. */
  owe(message: MessageRecord): void {
    if (this.closed || this.inFlight.has(message.id)) {
      return;
    }
    this.inFlight.add(message.id);
    this.waiting.push({
      tenantId: message.tenantId,
      messageId: message.id,
      speaker: message.speaker,
      content: message.content,
    });
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves once nothing handed to `owe` is waiting (tests, benchmarks, shutdown). */
  async settled(): Promise<void> {
    while (this.draining) {
      await this.draining;
    }
  }

  /** Embeds and stores the owed messages the sweep found; the number of vectors written. */
  async embedOwed(owed: readonly OwedVector[]): Promise<number> {
    const fresh = owed.filter((o) => !this.inFlight.has(o.messageId));
    let written = 0;
    for (let i = 0; i < fresh.length; i += BATCH) {
      written += await this.embedBatch(fresh.slice(i, i + BATCH));
    }

    return written;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  private async drain(): Promise<void> {
    // let the request that owes the vector answer first
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const batch = this.waiting.slice(0, BATCH);
      this.waiting = this.waiting.slice(BATCH);
      try {
        // one batch serves many appends: its own trace, not a child of the request that started the loop
        await traced('message_vectors.batch', () => this.embedBatch(batch), {
          root: true,
          attributes: { 'engram.messages': batch.length },
        });
      } catch (error) {
        // still owed in the store: the sweep tries again
        this.logger.error(`message vectors not stored (the owed-work sweep retries): ${(error as Error).message}`);
      } finally {
        batch.forEach((o) => this.inFlight.delete(o.messageId));
      }
    }
  }

  private async embedBatch(batch: readonly OwedVector[]): Promise<number> {
    let vectors: Float32Array[];
    try {
      vectors = await this.embedder.embed(
        batch.map((o) => messageEmbeddingText(o.speaker, o.content)),
        { lane: 'bulk' },
      );
    } catch (error) {
      if (error instanceof EmbeddingUnavailableError) {
        this.logger.warn(`embeddings unavailable, ${batch.length} message(s) stay owed a vector: ${error.message}`);

        return 0;
      }
      throw error;
    }
    const byTenant = new Map<string, { messageId: string; vector: Float32Array }[]>();
    batch.forEach((o, i) => {
      const vector = vectors[i];
      if (vector) {
        byTenant.set(o.tenantId, [...(byTenant.get(o.tenantId) ?? []), { messageId: o.messageId, vector }]);
      }
    });
    let written = 0;
    for (const [tenantId, rows] of byTenant) {
      written += await this.store.saveMessageVectors(tenantId, rows);
    }

    return written;
  }
}
