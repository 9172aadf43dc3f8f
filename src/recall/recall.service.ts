import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { BadInputError } from 'src/common/errors';
import { traced, tracedSync } from 'src/common/tracing';
import type { SpanOptions } from 'src/common/tracing';
import { assertLimit, optionalKey } from 'src/common/validation';
import { EMBEDDER } from 'src/domain/embedding.port';
import type { Embedder } from 'src/domain/embedding.port';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore, MetadataOrder, ScoredId, Visibility } from 'src/domain/memory-store.port';
import { Direction, MemoryStatus } from 'src/domain/memory.enums';
import type { MemoryType } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { scopeVisible, taskVisible } from 'src/domain/visibility';
import { QueryVectors } from 'src/embedding/migration/query-vectors';
import type { QueryVector } from 'src/embedding/migration/query-vectors';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';
import type { HistogramMetric } from 'src/metrics/metrics.service';
import { weightsForModel } from 'src/recall/fusion-weights';
import type { RankingWeights } from 'src/recall/fusion-weights';
import { fuseScores, NO_RELEVANCE, querySignals, rankCandidates, sessionKey, topIds } from 'src/recall/hybrid-ranking';
import type { Candidate, Lend, Relevance } from 'src/recall/hybrid-ranking';
import { vectorQueryText } from 'src/recall/query-signals';
import { searchableQuery } from 'src/recall/query-text';
import { EDGE_FLOW, finalScore, retention, scopeBoost, tierOf, vitality } from 'src/recall/ranking';
import type { RecallHitData, RecallOutput } from 'src/recall/recall.types';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

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

type RecallStage = 'embed_query' | 'full_text' | 'vector_search' | 'graph' | 'fusion';

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
        statuses: request.includeSuperseded ? [MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED] : [MemoryStatus.ACTIVE],
        types: types.length > 0 ? types : undefined,
        channelId: optionalKey(request.channelId, 'channelId') ?? undefined,
        projectId: optionalKey(request.projectId, 'projectId') ?? undefined,
        ...(task ? { task } : {}),
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
    const [vectorHits, textHits] = await Promise.all([
      vector
        ? this.stage('vector_search', () => this.queryVectors.search(tenantId, vector, CANDIDATES, parsed.visibility))
        : Promise.resolve<ScoredId[]>([]),
      this.stage('full_text', () =>
        this.store.searchText(tenantId, searchableQuery(parsed.query), CANDIDATES, parsed.visibility),
      ),
    ]);
    const seeds = topIds(fuseScores(textHits, vectorHits, weights.vector), GRAPH_SEEDS);
    const lends = await this.stage('graph', () => this.graphLends(tenantId, seeds, weights));
    const ids = new Set([...textHits, ...vectorHits].map((h) => h.id));
    for (const lend of lends) {
      ids.add(lend.from);
    }
    const memories = (await this.store.getMemories(tenantId, [...ids])).filter((m) =>
      this.visible(m, parsed.visibility),
    );
    // authors are subjects, which the ranking reads only when the query has a name-like word
    const authors = signals.names.length > 0 ? await this.authors(tenantId, memories) : new Map<string, string>();
    const candidates = new Map(
      memories.map((m) => [m.id, memoryCandidate(m, authors.get(m.source.messageId ?? '') ?? null)]),
    );

    return this.stageSync(
      'fusion',
      () => {
        const relevance = rankCandidates({ signals, text: textHits, vector: vectorHits, candidates, lends, weights });

        return this.rank(memories, now, parsed.limit, (m) => relevance.get(m.id) ?? NO_RELEVANCE);
      },
      { attributes: { 'engram.candidates': candidates.size } },
    );
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

  /**
   * One hop from the best direct hits along memory edges, both ways: a neighbour lends the seed, and the seed lends
   * the neighbour, graph weight × edge flow (by type and direction, seen from the one lent to) × edge weight.
   */
  private async graphLends(tenantId: string, seeds: string[], weights: RankingWeights): Promise<Lend[]> {
    const rows = await this.store.neighbours(tenantId, seeds, NEIGHBOURS_PER_SEED);

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
