import { Inject, Injectable } from '@nestjs/common';

import { BadInputError } from 'src/common/errors';
import { assertChannelId, assertDate, assertQuery, assertSearchLimit } from 'src/conversation/conversation-input';
import { Trust } from 'src/domain/conversation.enums';
import type { MessageRecord } from 'src/domain/conversation.types';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import type { ScoredId } from 'src/domain/memory-store.port';
import { QueryVectors } from 'src/embedding/migration/query-vectors';
import type { QueryVector } from 'src/embedding/migration/query-vectors';
import { weightsForModel } from 'src/recall/fusion-weights';
import type { RankingWeights } from 'src/recall/fusion-weights';
import {
  conversationLends,
  fuseScores,
  NO_RELEVANCE,
  querySignals,
  rankCandidates,
  sessionKey,
  topIds,
} from 'src/recall/hybrid-ranking';
import type { Candidate, Relevance } from 'src/recall/hybrid-ranking';
import { vectorQueryText } from 'src/recall/query-signals';
import { searchableQuery } from 'src/recall/query-text';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore, MessageSearchScope } from 'src/store/conversation-store.port';

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
/** Best direct hits whose conversation neighbours (two messages either side) are pulled in. */
const NEIGHBOUR_SEEDS = 12;
const NEIGHBOUR_SPAN = 2;
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
  constructor(
    @Inject(CONVERSATION_STORE) private readonly store: ConversationStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly queryVectors: QueryVectors,
  ) {}

  parse(request: MessageSearchRequest): ParsedMessageSearch {
    const after = assertDate(request.after, 'after');
    const before = assertDate(request.before, 'before');
    if (after !== null && before !== null && after.getTime() > before.getTime()) {
      throw new BadInputError('after must not be later than before');
    }
    const channelId =
      request.channelId === null || request.channelId === undefined ? undefined : assertChannelId(request.channelId);

    return {
      query: assertQuery(request.query),
      limit: assertSearchLimit(request.limit, 10),
      scope: { channelId, after: after ?? undefined, before: before ?? undefined },
    };
  }

  async search(tenantId: string, request: MessageSearchRequest): Promise<MessageHitData[]> {
    const parsed = this.parse(request);

    return this.searchWithVector(tenantId, parsed, await this.queryVectors.embed(vectorQueryText(parsed.query)));
  }

  /**
   * The search with a query vector computed elsewhere: recall's `queryVector` (context shares one vector with
   * recall), or a vector of the configured model of `vectorQueryText(query)` (benchmarks time the search apart).
   * `weights`: benchmarks only; default the query vector's model's. A vector still being computed may be given: the
   * full-text search, which does not need it, runs meanwhile (context).
   */
  async searchWithVector(
    tenantId: string,
    parsed: ParsedMessageSearch,
    pending: Float32Array | QueryVector | null | Promise<Float32Array | QueryVector | null>,
    weights?: RankingWeights,
  ): Promise<MessageHitData[]> {
    const textSearch = this.store.searchMessageText(tenantId, searchableQuery(parsed.query), CANDIDATES, parsed.scope);
    textSearch.catch(() => undefined);
    const vector = await pending;
    const query =
      vector instanceof Float32Array ? this.queryVectors.current(vectorQueryText(parsed.query), vector) : vector;
    const ranking = weights ?? weightsForModel(query?.model ?? this.embedder.model);
    const [text, vectorHits] = await Promise.all([
      textSearch,
      query
        ? this.queryVectors.searchMessages(tenantId, query, CANDIDATES, parsed.scope)
        : Promise.resolve<ScoredId[]>([]),
    ]);
    const vectorKept = vectorHits.filter((hit) => hit.score >= MIN_VECTOR_SIMILARITY);
    const seeds = topIds(fuseScores(text, vectorKept, ranking.vector), NEIGHBOUR_SEEDS);
    const links = await this.store.messageNeighbours(tenantId, seeds, NEIGHBOUR_SPAN);
    const ids = new Set([...text, ...vectorKept].map((hit) => hit.id));
    for (const link of links) {
      ids.add(link.id);
    }
    const messages = (await this.store.getMessages(tenantId, [...ids])).filter((message) =>
      messageVisible(message, parsed.scope),
    );
    const candidates = new Map(messages.map((m) => [m.id, messageCandidate(m)]));
    const relevance = rankCandidates({
      signals: querySignals(parsed.query, new Date()),
      text,
      vector: vectorKept,
      candidates,
      lends: conversationLends(links, ranking),
      weights: ranking,
    });

    return messages
      .map((message) => {
        const explanation = relevance.get(message.id) ?? NO_RELEVANCE;

        return { message, score: explanation.relevance, explanation };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, parsed.limit);
  }
}

/** A message as the shared ranking sees it: its speaker is its subject, its session its channel on its day. */
export function messageCandidate(message: MessageRecord): Candidate {
  return {
    id: message.id,
    content: message.content,
    occurredAt: message.createdAt,
    session: sessionKey(message.channelId, message.createdAt),
    speaker: message.speaker,
  };
}

/**
 * Whether a hit of a search in `scope`, or a message next to one, may be shown. Neighbours come from the hits' own
 * channels, which the store chose by the scope's channel rule (the channel, or the non-private channels of the
 * tenant or of the project), so that rule holds for them already; the author and time rules are checked here again:
 * outside the asking channel only a GUARDIAN's message is shared.
 */
export function messageVisible(message: MessageRecord, scope: MessageSearchScope): boolean {
  const own = scope.channelId !== undefined && message.channelId === scope.channelId;
  const shared =
    message.trust === Trust.GUARDIAN &&
    (scope.channelId !== undefined ? scope.projectId !== undefined : message.channelId !== scope.excludeChannelId);
  if (!own && !shared) {
    return false;
  }
  const at = message.createdAt.getTime();

  return (
    (scope.after === undefined || at > scope.after.getTime()) &&
    (scope.before === undefined || at < scope.before.getTime())
  );
}
