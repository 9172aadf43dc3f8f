import { Inject, Injectable, Logger } from '@nestjs/common';

import { BadInputError } from 'src/common/errors';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { assertChannelId, assertDate, assertQuery, assertSearchLimit } from 'src/conversation/conversation-input';
import { Trust } from 'src/conversation/conversation.enums';
import type { MessageRecord } from 'src/conversation/conversation.types';
import { EMBEDDER } from 'src/embedding/embedding.port';
import type { Embedder } from 'src/embedding/embedding.port';
import { embedQuery } from 'src/embedding/embed-safely';
import { directFusion, hybridRelevance, neighbourScores, topSeeds } from 'src/recall/hybrid-ranking';
import type { Relevance } from 'src/recall/hybrid-ranking';
import { searchableQuery } from 'src/recall/query-text';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore, MessageSearchScope } from 'src/store/conversation-store.port';
import type { ScoredId } from 'src/store/memory-store.port';

export interface MessageSearchRequest {
  query: string;
  channelId?: string | null;
  limit?: number | null;
  after?: Date | null;
  before?: Date | null;
}

export interface ParsedMessageSearch {
  query: string;
  limit: number;
  scope: MessageSearchScope;
}

export interface MessageHitData {
  message: MessageRecord;
  score: number;
  explanation: Relevance;
}

/** Candidates each retriever contributes before fusion. */
const CANDIDATES = 40;
/** Best direct hits whose conversation neighbours are pulled in. */
const NEIGHBOUR_SEEDS = 8;
/**
 * How much of a hit's score its neighbours inherit: the message before a hit is usually what the hit answers (the
 * question holding the words the answer lacks), the one after it is the reply.
 */
export const CONVERSATION_FLOW = { previous: 0.6, next: 0.4 } as const;
/**
 * Vector hits below this cosine are noise, not matches: without a floor the nearest vectors of an unrelated query
 * (every message has one) would come back as hits.
 */
export const MIN_VECTOR_SIMILARITY = 0.2;

/**
 * `searchMessages`: the raw history (the episodic layer), ranked by the same hybrid relevance as `recall`
 * (src/recall/hybrid-ranking.ts): full text over content, speaker and neighbouring messages, vectors, and the
 * conversation neighbours of the best hits. Within one channel, or across the tenant's non-private channels.
 */
@Injectable()
export class MessageSearchService {
  private readonly logger = new Logger(MessageSearchService.name);

  constructor(
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  parse(request: MessageSearchRequest): ParsedMessageSearch {
    const after = assertDate(request.after, 'after');
    const before = assertDate(request.before, 'before');
    if (after !== null && before !== null && after.getTime() > before.getTime()) {
      throw new BadInputError('after must not be later than before');
    }
    const channelId = request.channelId === null || request.channelId === undefined ? undefined : assertChannelId(request.channelId);

    return {
      query: assertQuery(request.query),
      limit: assertSearchLimit(request.limit, 10),
      scope: { channelId, after: after ?? undefined, before: before ?? undefined },
    };
  }

  async search(tenantId: string, request: MessageSearchRequest): Promise<MessageHitData[]> {
    const parsed = this.parse(request);
    const vector = await embedQuery(this.embedder, parsed.query, this.config.embeddings.timeoutMs, this.logger);

    return this.searchWithVector(tenantId, parsed, vector);
  }

  /** The search with a query vector computed elsewhere (context shares one vector with recall; benchmarks time it apart). */
  async searchWithVector(tenantId: string, parsed: ParsedMessageSearch, vector: Float32Array | null): Promise<MessageHitData[]> {
    const [text, vectorHits] = await Promise.all([
      this.store.searchMessageText(tenantId, searchableQuery(parsed.query), CANDIDATES, parsed.scope),
      vector ? this.store.searchMessageVectors(tenantId, vector, CANDIDATES, parsed.scope) : Promise.resolve<ScoredId[]>([]),
    ]);
    const direct = { text, vector: vectorHits.filter((hit) => hit.score >= MIN_VECTOR_SIMILARITY) };
    const candidates = new Set([...direct.text, ...direct.vector].map((hit) => hit.id));
    const seeds = topSeeds(directFusion(direct), NEIGHBOUR_SEEDS);
    const links = await this.store.messageNeighbours(
      tenantId,
      seeds.map(([id]) => id),
      1,
    );
    // Neighbours lift candidates (a question next to its answer), they do not join them: on LoCoMo, adding a hit's
    // neighbours as results ranks worse than propagating scores between candidates (bench/research/LOCOMO-RECALL.md).
    const neighbours = neighbourScores(
      seeds,
      links.filter((link) => candidates.has(link.id)).map((link) => ({
        seedId: link.seedId,
        id: link.id,
        flow: link.offset < 0 ? CONVERSATION_FLOW.previous : CONVERSATION_FLOW.next,
        weight: 1,
      })),
    );
    const relevance = hybridRelevance({ ...direct, neighbours });
    const messages = await this.store.getMessages(tenantId, [...relevance.keys()]);

    return messages
      .filter((message) => visible(message, parsed.scope))
      .map((message) => {
        const explanation = relevance.get(message.id) ?? { vector: null, text: null, graph: null, rrf: 0, relevance: 0 };

        return { message, score: explanation.relevance, explanation };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, parsed.limit);
  }
}

/**
 * Neighbours come from the hits' own channels, so the channel rule holds for them already; the author and time
 * rules are checked here again.
 */
function visible(message: MessageRecord, scope: MessageSearchScope): boolean {
  if (scope.channelId !== undefined ? message.channelId !== scope.channelId : message.trust !== Trust.GUARDIAN || message.channelId === scope.excludeChannelId) {
    return false;
  }
  const at = message.createdAt.getTime();

  return (scope.after === undefined || at > scope.after.getTime()) && (scope.before === undefined || at < scope.before.getTime());
}
