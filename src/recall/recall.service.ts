import { performance } from 'node:perf_hooks';

import { Inject, Injectable, Logger } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { BadInputError } from 'src/common/errors';
import { assertLimit, optionalKey } from 'src/common/validation';
import { EMBEDDER } from 'src/embedding/embedding.port';
import type { Embedder } from 'src/embedding/embedding.port';
import { embedQuery } from 'src/embedding/embed-safely';
import { JOB_QUEUE, JobName } from 'src/jobs/job.types';
import type { JobQueue } from 'src/jobs/job.types';
import { Direction, MemoryStatus } from 'src/memory/memory.enums';
import type { MemoryType } from 'src/memory/memory.enums';
import type { MemoryRecord } from 'src/memory/memory.types';
import { scopeVisible } from 'src/memory/visibility';
import { directFusion, hybridRelevance, neighbourScores, topSeeds } from 'src/recall/hybrid-ranking';
import type { Relevance } from 'src/recall/hybrid-ranking';
import { EDGE_FLOW, finalScore, retention, scopeBoost, tierOf, vitality } from 'src/recall/ranking';
import { searchableQuery } from 'src/recall/query-text';
import type { RecallHitData, RecallOutput } from 'src/recall/recall.types';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';
import { MEMORY_STORE } from 'src/store/memory-store.port';
import type { MemoryStore, ScoredId, Visibility } from 'src/store/memory-store.port';

export enum SearchMode {
  HYBRID = 'HYBRID',
  RECENT = 'RECENT',
  IMPORTANT = 'IMPORTANT',
  TYPED = 'TYPED',
}

export interface RecallRequest {
  query?: string | null;
  mode?: SearchMode | null;
  types?: MemoryType[] | null;
  limit?: number | null;
  channelId?: string | null;
  projectId?: string | null;
  includeSuperseded?: boolean | null;
}

interface ParsedRecall {
  query: string;
  mode: SearchMode;
  limit: number;
  visibility: Visibility;
}

export const MAX_RECALL = 100;
const MAX_QUERY_CHARS = 4000;
/** Candidates each retriever contributes before fusion. */
const CANDIDATES = 40;
/** Best fused hits whose neighbours are pulled in, and how many neighbours each. */
const GRAPH_SEEDS = 8;
const NEIGHBOURS_PER_SEED = 6;

@Injectable()
export class RecallService {
  private readonly logger = new Logger(RecallService.name);

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async recall(tenantId: string, request: RecallRequest): Promise<RecallOutput> {
    const parsed = this.parse(request);
    const started = performance.now();
    const vector =
      parsed.mode === SearchMode.HYBRID
        ? await embedQuery(this.embedder, parsed.query, this.config.embeddings.timeoutMs, this.logger)
        : null;

    return this.run(tenantId, parsed, vector, started);
  }

  /** Recall with a query vector computed elsewhere (benchmarks time the search without the embedding call). */
  recallWithVector(tenantId: string, request: RecallRequest, vector: Float32Array | null): Promise<RecallOutput> {
    return this.run(tenantId, this.parse(request), vector, performance.now());
  }

  private async run(tenantId: string, parsed: ParsedRecall, vector: Float32Array | null, started: number): Promise<RecallOutput> {
    const now = new Date();
    const hits =
      parsed.mode === SearchMode.HYBRID
        ? await this.hybrid(tenantId, parsed, vector, now)
        : await this.metadata(tenantId, parsed, now);
    this.recordAccess(
      tenantId,
      hits.map((h) => h.memory.id),
      now,
    );

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

    return {
      query,
      mode,
      limit: assertLimit(request.limit ?? 10, 'limit', MAX_RECALL),
      visibility: {
        statuses: request.includeSuperseded ? [MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED] : [MemoryStatus.ACTIVE],
        types: types.length > 0 ? types : undefined,
        channelId: optionalKey(request.channelId, 'channelId') ?? undefined,
        projectId: optionalKey(request.projectId, 'projectId') ?? undefined,
      },
    };
  }

  private async hybrid(tenantId: string, parsed: ParsedRecall, vector: Float32Array | null, now: Date): Promise<RecallHitData[]> {
    const [vectorHits, textHits] = await Promise.all([
      vector ? this.store.searchVectors(tenantId, vector, CANDIDATES, parsed.visibility) : Promise.resolve<ScoredId[]>([]),
      this.store.searchText(tenantId, searchableQuery(parsed.query), CANDIDATES, parsed.visibility),
    ]);
    const direct = { text: textHits, vector: vectorHits };
    const neighbours = await this.graphScores(tenantId, directFusion(direct));
    const relevance = hybridRelevance({ ...direct, neighbours });
    const memories = await this.store.getMemories(tenantId, [...relevance.keys()]);

    return this.rank(
      memories.filter((m) => this.visible(m, parsed.visibility)),
      now,
      parsed.limit,
      (m) => relevance.get(m.id) ?? { vector: null, text: null, graph: null, rrf: 0, relevance: 0 },
    );
  }

  /** One hop from the best direct hits along memory edges: a neighbour inherits its seed's score along the edge. */
  private async graphScores(tenantId: string, direct: Map<string, number>): Promise<Map<string, number>> {
    const seeds = topSeeds(direct, GRAPH_SEEDS);
    const rows = await this.store.neighbours(
      tenantId,
      seeds.map(([id]) => id),
      NEIGHBOURS_PER_SEED,
    );

    return neighbourScores(
      seeds,
      rows.map((row) => ({
        seedId: row.seedId,
        id: row.memoryId,
        flow: row.direction === Direction.OUT ? EDGE_FLOW[row.type].out : EDGE_FLOW[row.type].in,
        weight: row.weight,
      })),
    );
  }

  private async metadata(tenantId: string, parsed: ParsedRecall, now: Date): Promise<RecallHitData[]> {
    const order = parsed.mode === SearchMode.RECENT ? 'recent' : 'importance';
    const memories = await this.store.queryByMetadata(tenantId, parsed.visibility, order, parsed.limit);
    const hits = this.rank(memories, now, parsed.limit, () => ({ vector: null, text: null, graph: null, rrf: 0, relevance: 1 }));
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
        const lastTouched = Math.max(memory.lastSeenAt.getTime(), memory.lastAccessedAt?.getTime() ?? 0);
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

    return scopeVisible(memory, visibility);
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
