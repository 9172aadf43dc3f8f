import { performance } from 'node:perf_hooks';

import { Inject, Injectable, Logger } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { BadInputError } from 'src/common/errors';
import { assertLimit, optionalKey } from 'src/common/validation';
import { EMBEDDER } from 'src/embedding/embedding.port';
import type { Embedder } from 'src/embedding/embedding.port';
import { JOB_QUEUE, JobName } from 'src/jobs/job.types';
import type { JobQueue } from 'src/jobs/job.types';
import { MemoryScope, MemoryStatus } from 'src/memory/memory.enums';
import type { MemoryType } from 'src/memory/memory.enums';
import type { MemoryRecord } from 'src/memory/memory.types';
import {
  calibratedFusion,
  EDGE_FLOW,
  finalScore,
  maxFusedScore,
  reciprocalRankFusion,
  retention,
  scopeBoost,
  tierOf,
} from 'src/recall/ranking';
import type { RankedList } from 'src/recall/ranking';
import { searchableQuery } from 'src/recall/query-text';
import type { RecallHitData, RecallOutput } from 'src/recall/recall.types';
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
/** Retriever weights in the fusion: full text is the stronger retriever on conversational memory. */
/**
 * Retriever weights: full text is the strong retriever on conversational memory; vectors and graph neighbours add
 * recall but must not outvote it (LoCoMo, bench/locomo.bench.ts: plain equal-weight fusion loses to BM25 alone).
 */
export const RETRIEVER_WEIGHTS = { text: 1, vector: 0.3, graph: 0.3 } as const;
/** Relevance = half weighted RRF (rank agreement), half score-calibrated fusion (how far ahead a hit is). */
const RRF_SHARE = 0.5;

@Injectable()
export class RecallService {
  private readonly logger = new Logger(RecallService.name);

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async recall(tenantId: string, request: RecallRequest): Promise<RecallOutput> {
    const parsed = this.parse(request);
    const started = performance.now();
    const vector = parsed.mode === SearchMode.HYBRID ? await this.embedQuery(parsed.query) : null;

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

    return { hits, tookMs: performance.now() - started, usedVectors: vector !== null };
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

  private async embedQuery(query: string): Promise<Float32Array | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${this.config.embeddings.timeoutMs} ms`)), this.config.embeddings.timeoutMs);
      });
      const [vector] = await Promise.race([this.embedder.embed([query]), timeout]);

      return vector ?? null;
    } catch (error) {
      this.logger.warn(`query embedding unavailable, recalling by full text and graph only: ${(error as Error).message}`);

      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private async hybrid(tenantId: string, parsed: ParsedRecall, vector: Float32Array | null, now: Date): Promise<RecallHitData[]> {
    const [vectorHits, textHits] = await Promise.all([
      vector ? this.store.searchVectors(tenantId, vector, CANDIDATES, parsed.visibility) : Promise.resolve<ScoredId[]>([]),
      this.store.searchText(tenantId, searchableQuery(parsed.query), CANDIDATES, parsed.visibility),
    ]);
    const lists: RankedList[] = [
      { ids: textHits.map((h) => h.id), weight: RETRIEVER_WEIGHTS.text },
      { ids: vectorHits.map((h) => h.id), weight: RETRIEVER_WEIGHTS.vector },
    ];
    const direct = reciprocalRankFusion(lists);
    const graph = await this.graphScores(tenantId, direct);
    lists.push({ ids: [...graph.keys()].sort((a, b) => (graph.get(b) ?? 0) - (graph.get(a) ?? 0)), weight: RETRIEVER_WEIGHTS.graph });
    const fused = reciprocalRankFusion(lists);
    const ceiling = maxFusedScore(lists);
    const memories = await this.store.getMemories(tenantId, [...fused.keys()]);
    const vectorScore = new Map(vectorHits.map((h) => [h.id, h.score]));
    const textScore = new Map(textHits.map((h) => [h.id, h.score]));
    const calibrated = calibratedFusion([
      { scores: textScore, weight: RETRIEVER_WEIGHTS.text, norm: 'max' },
      { scores: vectorScore, weight: RETRIEVER_WEIGHTS.vector, norm: 'minmax' },
      { scores: graph, weight: RETRIEVER_WEIGHTS.graph, norm: 'max' },
    ]);

    return this.rank(
      memories.filter((m) => this.visible(m, parsed.visibility)),
      now,
      parsed.limit,
      (m) => {
        const rrf = fused.get(m.id) ?? 0;

        return {
          vector: vectorScore.get(m.id) ?? null,
          text: textScore.get(m.id) ?? null,
          graph: graph.get(m.id) ?? null,
          rrf,
          relevance: RRF_SHARE * (ceiling > 0 ? rrf / ceiling : 0) + (1 - RRF_SHARE) * (calibrated.get(m.id) ?? 0),
        };
      },
    );
  }

  /** One hop from the best direct hits: a neighbour inherits its seed's score along the edge. */
  private async graphScores(tenantId: string, direct: Map<string, number>): Promise<Map<string, number>> {
    const seeds = [...direct.entries()].sort((a, b) => b[1] - a[1]).slice(0, GRAPH_SEEDS);
    const top = seeds[0]?.[1] ?? 0;
    const rows = await this.store.neighbours(
      tenantId,
      seeds.map(([id]) => id),
      NEIGHBOURS_PER_SEED,
    );
    const seedScore = new Map(seeds);
    const scores = new Map<string, number>();
    for (const row of rows) {
      const flow = row.direction === 'OUT' ? EDGE_FLOW[row.type].out : EDGE_FLOW[row.type].in;
      const score = ((seedScore.get(row.seedId) ?? 0) / (top || 1)) * flow * row.weight;
      scores.set(row.memoryId, Math.max(scores.get(row.memoryId) ?? 0, score));
    }

    return scores;
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
    retrieval: (m: MemoryRecord) => Pick<RecallHitData['explanation'], 'vector' | 'text' | 'graph' | 'rrf' | 'relevance'>,
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
        const score = finalScore({ ...explanation, relevance: base.relevance });

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
    switch (memory.scope) {
      case MemoryScope.GLOBAL:
        return true;
      case MemoryScope.PROJECT:
        return memory.projectId !== null && memory.projectId === visibility.projectId;
      case MemoryScope.THREAD:
        return memory.channelId !== null && memory.channelId === visibility.channelId;
    }
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
