import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { BadInputError } from 'src/common/errors';
import { traced, tracedSync } from 'src/common/tracing';
import type { SpanOptions } from 'src/common/tracing';
import { assertLimit, optionalAsOf, optionalKey } from 'src/common/validation';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore, MetadataOrder, NeighbourRow, Visibility } from 'src/domain/memory-store.port';
import { Direction, MemoryStatus } from 'src/domain/memory.enums';
import type { MemoryType } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { validAt } from 'src/domain/validity';
import { scopeVisible, taskVisible } from 'src/domain/visibility';
import { QueryVectors } from 'src/embedding/migration/query-vectors';
import type { QueryVector } from 'src/embedding/migration/query-vectors';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';
import type { HistogramMetric } from 'src/metrics/metrics.service';
import { BRIDGE_MEMORIES, BRIDGE_SOURCES, bridgeEntities, bridgeShares, largerShares } from 'src/recall/entity-bridge';
import {
  entityLookups,
  entityShares,
  entitySignalOn,
  NEIGHBOURHOOD_LIMITS,
  queryMentions,
} from 'src/recall/entity-signal';
import { weightsForModel } from 'src/recall/fusion-weights';
import type { RankingWeights } from 'src/recall/fusion-weights';
import { fuseScores, NO_RELEVANCE, querySignals, rankCandidates, sessionKey, topIds } from 'src/recall/hybrid-ranking';
import type { Candidate, Lend, RankInput, Relevance } from 'src/recall/hybrid-ranking';
import { vectorQueryText } from 'src/recall/query-signals';
import { searchableQuery } from 'src/recall/query-text';
import { EDGE_FLOW, finalScore, retention, scopeBoost, tierOf, vitality } from 'src/recall/ranking';
import type { RecallHitData, RecallOutput } from 'src/recall/recall.types';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore } from 'src/store/entity-store.port';

export enum SearchMode {
  HYBRID = 'HYBRID',
  RECENT = 'RECENT',
  IMPORTANT = 'IMPORTANT',
  TYPED = 'TYPED',
}

/** TYPED mode's order. */
export enum RecallSort {
  RECENT = 'RECENT',
  IMPORTANCE = 'IMPORTANCE',
  MOST_ACCESSED = 'MOST_ACCESSED',
}

const SORT_ORDER: Record<RecallSort, MetadataOrder> = {
  [RecallSort.RECENT]: 'recent',
  [RecallSort.IMPORTANCE]: 'importance',
  [RecallSort.MOST_ACCESSED]: 'accessed',
};

export interface RecallRequest {
  query?: string | null;
  mode?: SearchMode | null;
  types?: MemoryType[] | null;
  limit?: number | null;
  channelId?: string | null;
  projectId?: string | null;
  includeSuperseded?: boolean | null;
  /** The moment relative time expressions ("last week") count from; default now. */
  referenceTime?: Date | null;
  sort?: RecallSort | null;
  /** A scheduled task asking: its own memories become visible beside the shared ones, never another task's. */
  sourceTaskId?: string | null;
  /** Default true: memories written by tasks stay out (ignored when sourceTaskId is given). */
  excludeTaskMemories?: boolean | null;
  /** What was believed true at this moment (validFrom ≤ asOf < validUntil), whatever the status today. */
  asOf?: Date | null;
}

interface ParsedRecall {
  query: string;
  mode: SearchMode;
  limit: number;
  visibility: Visibility;
  referenceTime: Date | null;
  /** Metadata modes: the store's order. */
  order: MetadataOrder;
}

/**
 * retrieval: both searches, the seeds' neighbours and every record they name (MemoryStore.recallCandidates);
 * entities: the entities the query names and their neighbourhood (EntityStore.entityNeighbourhoods).
 */
type RecallStage = 'embed_query' | 'entities' | 'retrieval' | 'fusion';

export const MAX_RECALL = 100;
const MAX_QUERY_CHARS = 4000;
/** Candidates each retriever contributes before fusion. */
const CANDIDATES = 40;
/** Best fused hits whose neighbours are pulled in, and how many neighbours each. */
const GRAPH_SEEDS = 8;
const NEIGHBOURS_PER_SEED = 6;

/** Benchmarks only: other weights than the embedding model's, and no access bookkeeping between questions. */
export interface RecallOptions {
  weights?: RankingWeights;
  recordAccess?: boolean;
}

@Injectable()
export class RecallService {
  private readonly logger = new Logger(RecallService.name);
  private readonly stageDuration: HistogramMetric<'stage'>;

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(CONVERSATION_STORE) private readonly conversations: ConversationStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly queryVectors: QueryVectors,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly metrics: MetricsService,
    @Inject(ENTITY_STORE) private readonly entities: EntityStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.stageDuration = engramMetrics.recallStage(metrics);
    engramMetrics.recallDuration(metrics);
  }

  async recall(tenantId: string, request: RecallRequest): Promise<RecallOutput> {
    const parsed = this.parse(request);
    const started = performance.now();

    return traced(
      'recall',
      async () => {
        const vector =
          parsed.mode === SearchMode.HYBRID
            ? await this.stage('embed_query', () => this.queryVectors.embed(vectorQueryText(parsed.query)))
            : null;

        return this.run(tenantId, parsed, vector, started);
      },
      { attributes: spanAttributes(parsed) },
    );
  }

  /** The vector `recall` searches with for this query: the configured model's, or during a migration the previous one's. */
  queryVector(query: string): Promise<QueryVector | null> {
    return this.queryVectors.embed(vectorQueryText(query));
  }

  /**
   * Recall with a query vector computed elsewhere: `queryVector`'s (the context shares one embedding with message
   * search), or a vector of the configured model of `vectorQueryText(query)` (benchmarks time the search without
   * the embedding call).
   */
  recallWithVector(
    tenantId: string,
    request: RecallRequest,
    vector: Float32Array | QueryVector | null,
    options: RecallOptions = {},
  ): Promise<RecallOutput> {
    const query =
      vector instanceof Float32Array ? this.queryVectors.current(vectorQueryText(request.query ?? ''), vector) : vector;

    const parsed = this.parse(request);

    return traced('recall', () => this.run(tenantId, parsed, query, performance.now(), options), {
      attributes: spanAttributes(parsed),
    });
  }

  private async run(
    tenantId: string,
    parsed: ParsedRecall,
    vector: QueryVector | null,
    started: number,
    options: RecallOptions = {},
  ): Promise<RecallOutput> {
    const now = new Date();
    const hits =
      parsed.mode === SearchMode.HYBRID
        ? await this.hybrid(
            tenantId,
            parsed,
            vector,
            now,
            options.weights ?? weightsForModel(vector?.model ?? this.embedder.model),
          )
        : await this.metadata(tenantId, parsed, now);
    if (options.recordAccess !== false) {
      this.recordAccess(
        tenantId,
        hits.map((h) => h.memory.id),
        now,
      );
    }

    const tookMs = performance.now() - started;
    engramMetrics.recallDuration(this.metrics).observe({ mode: parsed.mode }, tookMs / 1000);

    return { hits, tookMs, usedVectors: vector !== null };
  }

  private parse(request: RecallRequest): ParsedRecall {
    const mode = request.mode ?? SearchMode.HYBRID;
    const query = (request.query ?? '').trim();
    if (mode === SearchMode.HYBRID && query.length === 0) {
      throw new BadInputError('query is required for HYBRID recall');
    }
    if (query.length > MAX_QUERY_CHARS) {
      throw new BadInputError(`query is ${query.length} characters; the limit is ${MAX_QUERY_CHARS}`);
    }
    const types = request.types ?? [];
    if (mode === SearchMode.TYPED && types.length === 0) {
      throw new BadInputError('types is required for TYPED recall');
    }
    if (request.referenceTime && Number.isNaN(request.referenceTime.getTime())) {
      throw new BadInputError('referenceTime is not a valid date');
    }
    if (request.sort && mode !== SearchMode.TYPED) {
      throw new BadInputError(`sort applies to TYPED recall only (${mode} has its own order)`);
    }
    const sourceTaskId = optionalKey(request.sourceTaskId, 'sourceTaskId');
    const asOf = optionalAsOf(request.asOf);
    const task =
      sourceTaskId !== null
        ? { taskId: sourceTaskId }
        : request.excludeTaskMemories === false
          ? undefined
          : { taskId: null };

    return {
      query,
      mode,
      limit: assertLimit(request.limit ?? 10, 'limit', MAX_RECALL),
      visibility: {
        // a memory believed then may have been superseded since
        statuses:
          request.includeSuperseded || asOf ? [MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED] : [MemoryStatus.ACTIVE],
        types: types.length > 0 ? types : undefined,
        channelId: optionalKey(request.channelId, 'channelId') ?? undefined,
        projectId: optionalKey(request.projectId, 'projectId') ?? undefined,
        ...(task ? { task } : {}),
        ...(asOf ? { asOf } : {}),
      },
      referenceTime: request.referenceTime ?? null,
      order:
        mode === SearchMode.TYPED
          ? SORT_ORDER[request.sort ?? RecallSort.RECENT]
          : mode === SearchMode.RECENT
            ? 'recent'
            : 'importance',
    };
  }

  private async hybrid(
    tenantId: string,
    parsed: ParsedRecall,
    vector: QueryVector | null,
    now: Date,
    weights: RankingWeights,
  ): Promise<RecallHitData[]> {
    const signals = querySignals(parsed.query, parsed.referenceTime ?? now);
    const entity = await this.entityShares(tenantId, parsed.query, weights);
    const found = await this.stage('retrieval', async () =>
      this.store.recallCandidates(tenantId, {
        vector: vector !== null && !vector.previous ? vector.vector : null,
        // an embedding migration's previous vectors are searched beside the store's current ones
        vectorHits:
          vector?.previous === true
            ? await this.queryVectors.search(tenantId, vector, CANDIDATES, parsed.visibility)
            : undefined,
        text: searchableQuery(parsed.query),
        k: CANDIDATES,
        visibility: parsed.visibility,
        seeds: (text, vectorHits) => topIds(fuseScores(text, vectorHits, weights.vector), GRAPH_SEEDS),
        neighboursPerSeed: NEIGHBOURS_PER_SEED,
        alsoRead: [...entity.keys()],
      }),
    );
    const { text: textHits, vector: vectorHits } = found;
    const lends = graphLends(found.neighbours, weights);
    const memories = found.memories.filter((m) => this.visible(m, parsed.visibility));
    // authors are subjects, which the ranking reads only when the query has a name-like word
    const authors = signals.names.length > 0 ? await this.authors(tenantId, memories) : new Map<string, string>();
    const candidates = new Map(
      memories.map((m) => [m.id, memoryCandidate(m, authors.get(m.source.messageId ?? '') ?? null)]),
    );
    const input = { signals, text: textHits, vector: vectorHits, candidates, lends, weights, entity };
    const bridged = await this.entityBridge(tenantId, parsed, input, memories);

    return this.stageSync(
      'fusion',
      () => {
        const relevance = bridged?.relevance ?? rankCandidates(input);

        return this.rank(memories, now, parsed.limit, (m) => relevance.get(m.id) ?? NO_RELEVANCE);
      },
      { attributes: { 'engram.candidates': candidates.size } },
    );
  }

  /**
   * The entity bridge (src/recall/entity-bridge.ts), when its weight is above 0 and the signal is on: the first
   * ranking's best memories, their entities and those entities' other memories (three reads and one per entity);
   * memories only a bridge reached are read and join `memories` and the candidates. Null: no bridge (the first
   * ranking stands). A failed read costs the bridge, never the recall.
   */
  private async entityBridge(
    tenantId: string,
    parsed: ParsedRecall,
    input: RankInput & { candidates: Map<string, Candidate>; entity: ReadonlyMap<string, number> },
    memories: MemoryRecord[],
  ): Promise<{ relevance: Map<string, Relevance> } | null> {
    if (!this.config.recallEntitySignal || input.weights.entityBridge <= 0) {
      return null;
    }
    const sources = [...rankCandidates(input).keys()].slice(0, BRIDGE_SOURCES);
    try {
      const shares = await this.stage('entities', async () => {
        const entitiesOf = await this.entities.entitiesOfMemories(tenantId, sources);
        const ids = [...new Set([...entitiesOf.values()].flat().map((e) => e.id))];
        const bridges = bridgeEntities(sources, entitiesOf, await this.entities.mentionCounts(tenantId, ids));
        const mentioning = new Map(
          await Promise.all(
            bridges.map(
              async (b) => [b.id, await this.entities.mentioningMemoryIds(tenantId, b.id, BRIDGE_MEMORIES)] as const,
            ),
          ),
        );

        return bridgeShares(bridges, mentioning, sources, input.weights.entityBridge);
      });
      if (shares.size === 0) {
        return null;
      }
      const missing = [...shares.keys()].filter((id) => !input.candidates.has(id));
      const extra = (missing.length > 0 ? await this.store.getMemories(tenantId, missing) : []).filter((m) =>
        this.visible(m, parsed.visibility),
      );
      const authors = input.signals.names.length > 0 ? await this.authors(tenantId, extra) : new Map<string, string>();
      for (const m of extra) {
        memories.push(m);
        input.candidates.set(m.id, memoryCandidate(m, authors.get(m.source.messageId ?? '') ?? null));
      }

      return { relevance: rankCandidates({ ...input, entity: largerShares(input.entity, shares) }) };
    } catch (error) {
      this.logger.warn(`recall without its entity bridge: ${(error as Error).message}`);

      return null;
    }
  }

  /**
   * The entity signal's shares by memory id: one store read when the query names something and the signal is on
   * (RECALL_ENTITY_SIGNAL and a weight above 0). A failed read costs the signal, never the recall.
   */
  private async entityShares(tenantId: string, query: string, weights: RankingWeights): Promise<Map<string, number>> {
    if (!this.config.recallEntitySignal || !entitySignalOn(weights)) {
      return new Map();
    }
    const keyed = queryMentions(query);
    if (keyed.length === 0) {
      return new Map();
    }
    try {
      const hoods = await this.stage('entities', () =>
        this.entities.entityNeighbourhoods(tenantId, entityLookups(keyed), NEIGHBOURHOOD_LIMITS),
      );

      return entityShares(keyed, hoods, weights);
    } catch (error) {
      this.logger.warn(`recall without its entity signal: ${(error as Error).message}`);

      return new Map();
    }
  }

  /** One stage of a hybrid recall: a span `recall.<stage>` and its time in engram_recall_stage_duration_seconds. */
  private async stage<T>(stage: RecallStage, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await traced(`recall.${stage}`, work);
    } finally {
      this.stageDuration.observe({ stage }, (performance.now() - started) / 1000);
    }
  }

  private stageSync<T>(stage: RecallStage, work: () => T, options: SpanOptions): T {
    const started = performance.now();
    try {
      return tracedSync(`recall.${stage}`, work, options);
    } finally {
      this.stageDuration.observe({ stage }, (performance.now() - started) / 1000);
    }
  }

  /** Speakers of the messages the memories were extracted from, by message id (messages without one left out). */
  private async authors(tenantId: string, memories: readonly MemoryRecord[]): Promise<Map<string, string>> {
    const ids = [...new Set(memories.flatMap((m) => (m.source.messageId ? [m.source.messageId] : [])))];
    const messages = await this.conversations.getMessages(tenantId, ids);

    return new Map(messages.flatMap((m) => (m.speaker ? [[m.id, m.speaker] as const] : [])));
  }

  private async metadata(tenantId: string, parsed: ParsedRecall, now: Date): Promise<RecallHitData[]> {
    const memories = await this.store.queryByMetadata(tenantId, parsed.visibility, parsed.order, parsed.limit);
    const hits = this.rank(memories, now, parsed.limit, () => ({
      vector: null,
      text: null,
      graph: null,
      rrf: 0,
      relevance: 1,
    }));
    // metadata modes keep the store's order: the score explains, it does not re-sort
    const byId = new Map(hits.map((h) => [h.memory.id, h]));

    return memories.flatMap((m) => byId.get(m.id) ?? []);
  }

  private rank(
    memories: MemoryRecord[],
    now: Date,
    limit: number,
    retrieval: (m: MemoryRecord) => Relevance,
  ): RecallHitData[] {
    return memories
      .map((memory) => {
        const base = retrieval(memory);
        // recency counts from when it happened (occurredAt), or when it was seen again or recalled since
        const reinforced = memory.lastSeenAt.getTime() > memory.createdAt.getTime() ? memory.lastSeenAt.getTime() : 0;
        const lastTouched = Math.max(memory.occurredAt.getTime(), reinforced, memory.lastAccessedAt?.getTime() ?? 0);
        const explanation = {
          ...base,
          importance: memory.importance,
          confidence: memory.confidence,
          recency: retention({
            type: memory.type,
            scope: memory.scope,
            accessCount: memory.accessCount,
            lastTouchedAt: new Date(lastTouched),
            now,
          }),
          scope: scopeBoost(memory.scope),
        };
        const score = finalScore({ ...explanation, relevance: base.relevance, vitality: vitality(memory) });

        return { memory, score, tier: tierOf(score), explanation };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  private visible(memory: MemoryRecord, visibility: Visibility): boolean {
    if (!visibility.statuses.includes(memory.status)) {
      return false;
    }
    if (visibility.types && !visibility.types.includes(memory.type)) {
      return false;
    }
    if (visibility.asOf && !validAt(memory, visibility.asOf)) {
      return false;
    }

    return scopeVisible(memory, visibility) && taskVisible(memory, visibility.task);
  }

  /** Deferred: recall answers first, the access bookkeeping happens in the job runner. */
  private recordAccess(tenantId: string, ids: string[], at: Date): void {
    if (ids.length === 0) {
      return;
    }
    this.queue
      .enqueue(JobName.RecordAccess, { tenantId, ids, at: at.toISOString() })
      .catch((error: unknown) => this.logger.warn(`could not queue access recording: ${(error as Error).message}`));
  }
}

/**
 * One hop from the best direct hits along memory edges, both ways: a neighbour lends the seed, and the seed lends
 * the neighbour, graph weight × edge flow (by type and direction, seen from the one lent to) × edge weight.
 */
function graphLends(rows: readonly NeighbourRow[], weights: RankingWeights): Lend[] {
  return rows.flatMap((row) => {
    const flow = EDGE_FLOW[row.type];
    const toNeighbour = row.direction === Direction.OUT ? flow.out : flow.in;
    const toSeed = row.direction === Direction.OUT ? flow.in : flow.out;

    return [
      { from: row.memoryId, to: row.seedId, share: weights.graph * toNeighbour * row.weight },
      { from: row.seedId, to: row.memoryId, share: weights.graph * toSeed * row.weight },
    ];
  });
}

/** What a recall span says of its request: the mode and limit, never the query. */
function spanAttributes(parsed: ParsedRecall): Record<string, string | number> {
  return { 'engram.recall.mode': parsed.mode, 'engram.recall.limit': parsed.limit };
}

/** A memory as the shared ranking sees it: its session is its conversation (source channel) on its day. */
export function memoryCandidate(memory: MemoryRecord, author: string | null = null): Candidate {
  return {
    author,
    id: memory.id,
    content: memory.content,
    occurredAt: memory.occurredAt,
    session: sessionKey(memory.source.channelId ?? memory.channelId, memory.occurredAt),
    messageId: memory.source.messageId,
  };
}
