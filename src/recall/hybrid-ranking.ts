import { calibratedFusion, maxFusedScore, reciprocalRankFusion } from 'src/recall/ranking';
import type { RankedList } from 'src/recall/ranking';

/**
 * Hybrid relevance shared by every search of the service (memories in `recall`, messages in `searchMessages`):
 * text hits + vector hits + optional neighbour scores in, one 0..1 relevance per item with its explanation out.
 * Pure functions; callers fetch the hits and the neighbours from their store and apply their own modulation.
 */

export interface Hit {
  id: string;
  /** Text hits: BM25 relevance (higher is better). Vector hits: cosine similarity. */
  score: number;
}

/**
 * Retriever weights: full text is the strong retriever on conversational text; vectors and neighbours add recall
 * but must not outvote it (LoCoMo, bench/locomo.bench.ts: plain equal-weight fusion loses to BM25 alone).
 */
export const RETRIEVER_WEIGHTS = { text: 1, vector: 0.3, graph: 0.3 } as const;
export type RetrieverWeights = { readonly text: number; readonly vector: number; readonly graph: number };

/** Relevance = half weighted RRF (rank agreement), half score-calibrated fusion (how far ahead a hit is). */
export const RRF_SHARE = 0.5;

export interface Relevance {
  /** Cosine similarity; null when the item was not a vector hit. */
  vector: number | null;
  /** Full-text score; null when the item was not a text hit. */
  text: number | null;
  /** Neighbour score; null when the item was not reached through a neighbour. */
  graph: number | null;
  rrf: number;
  /** 0..1 */
  relevance: number;
}

export interface HybridHits {
  text: readonly Hit[];
  vector: readonly Hit[];
  /** Items reached through a neighbour of a direct hit, with the score they inherited (see `neighbourScores`). */
  neighbours?: ReadonlyMap<string, number>;
}

/** Rank fusion of the direct hits (text and vector) only: what neighbour expansion starts from. */
export function directFusion(hits: HybridHits, weights: RetrieverWeights = RETRIEVER_WEIGHTS): Map<string, number> {
  return reciprocalRankFusion(directLists(hits, weights));
}

/** The ids of the `count` best direct hits, best first, with their fused score. */
export function topSeeds(direct: ReadonlyMap<string, number>, count: number): [string, number][] {
  return [...direct.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

export interface NeighbourLink {
  seedId: string;
  id: string;
  /** Share of the seed's score that flows to the neighbour (by edge type and direction). */
  flow: number;
  /** The edge's own weight, 0..1. */
  weight: number;
}

/** A neighbour inherits its seed's score (relative to the best seed) times flow and weight; the best path counts. */
export function neighbourScores(seeds: readonly [string, number][], links: readonly NeighbourLink[]): Map<string, number> {
  const top = seeds[0]?.[1] ?? 0;
  const seedScore = new Map(seeds);
  const scores = new Map<string, number>();
  for (const link of links) {
    const score = ((seedScore.get(link.seedId) ?? 0) / (top || 1)) * link.flow * link.weight;
    scores.set(link.id, Math.max(scores.get(link.id) ?? 0, score));
  }

  return scores;
}

/**
 * Every item of the three lists with its relevance: half weighted RRF normalised by the best possible RRF of this
 * query, half score-calibrated fusion (text / max, vector min-max, neighbours / max). Items come in list order
 * (text, then vector, then neighbours), which keeps ties stable for the caller's sort.
 */
export function hybridRelevance(hits: HybridHits, weights: RetrieverWeights = RETRIEVER_WEIGHTS): Map<string, Relevance> {
  const graph = hits.neighbours ?? new Map<string, number>();
  const lists = directLists(hits, weights);
  lists.push({ ids: [...graph.keys()].sort((a, b) => (graph.get(b) ?? 0) - (graph.get(a) ?? 0)), weight: weights.graph });
  const fused = reciprocalRankFusion(lists);
  const ceiling = maxFusedScore(lists);
  const vectorScore = new Map(hits.vector.map((h) => [h.id, h.score]));
  const textScore = new Map(hits.text.map((h) => [h.id, h.score]));
  const calibrated = calibratedFusion([
    { scores: textScore, weight: weights.text, norm: 'max' },
    { scores: vectorScore, weight: weights.vector, norm: 'minmax' },
    { scores: graph, weight: weights.graph, norm: 'max' },
  ]);
  const relevance = new Map<string, Relevance>();
  for (const [id, rrf] of fused) {
    relevance.set(id, {
      vector: vectorScore.get(id) ?? null,
      text: textScore.get(id) ?? null,
      graph: graph.get(id) ?? null,
      rrf,
      relevance: RRF_SHARE * (ceiling > 0 ? rrf / ceiling : 0) + (1 - RRF_SHARE) * (calibrated.get(id) ?? 0),
    });
  }

  return relevance;
}

function directLists(hits: HybridHits, weights: RetrieverWeights): RankedList[] {
  return [
    { ids: hits.text.map((h) => h.id), weight: weights.text },
    { ids: hits.vector.map((h) => h.id), weight: weights.vector },
  ];
}
