import Graph from 'graphology';
import pagerank from 'graphology-metrics/centrality/pagerank';

import { RelationType } from 'src/domain/memory.enums';

/**
 * How much an edge of each type says "these two memories belong together" (times the edge's own weight).
 * Associations and part-whole links carry the most; a correction or contradiction links two statements about the
 * same thing but should not make either look central.
 */
export const RELATION_WEIGHTS: Readonly<Record<RelationType, number>> = {
  [RelationType.RELATED_TO]: 1,
  [RelationType.PART_OF]: 1,
  [RelationType.CAUSED_BY]: 0.8,
  [RelationType.RESULT_OF]: 0.8,
  [RelationType.UPDATES]: 0.3,
  [RelationType.CONTRADICTS]: 0.2,
};

/** Shares of the headroom above explicit importance that centrality and access frequency can fill. */
export const BLEND = { centrality: 0.4, access: 0.2 } as const;

/** PageRank damping (the usual 0.85) and its convergence settings. */
export const PAGERANK = { alpha: 0.85, maxIterations: 200, tolerance: 1e-9 } as const;

/** Scores that differ by less than this are "unchanged": no write, not counted. */
export const CHANGE_EPSILON = 1e-4;

export interface ScoredNode {
  id: string;
  /** Explicit importance (given at write time or by type default), 0..1. */
  baseImportance: number;
  accessCount: number;
}

export interface ScoredEdge {
  fromId: string;
  toId: string;
  type: RelationType;
  weight: number;
}

export interface ImportanceScore {
  centrality: number;
  importance: number;
}

/**
 * Weighted PageRank over the memory graph, edges taken in both directions (an association is evidence for both
 * ends), parallel edges summed. Returns raw PageRank per node (sums to 1).
 */
export function weightedPageRank(nodes: readonly ScoredNode[], edges: readonly ScoredEdge[]): Map<string, number> {
  // graphology is keyed by strings: short index keys and pairs summed up front keep building a 500k-edge graph cheap
  const position = new Map(nodes.map((node, i) => [node.id, i]));
  const pairs = new Map<number, number>();
  for (const edge of edges) {
    const a = position.get(edge.fromId);
    const b = position.get(edge.toId);
    const weight = RELATION_WEIGHTS[edge.type] * Math.max(0, edge.weight);
    if (a === undefined || b === undefined || a === b || weight <= 0) {
      continue;
    }
    const pair = Math.min(a, b) * nodes.length + Math.max(a, b);
    pairs.set(pair, (pairs.get(pair) ?? 0) + weight);
  }
  const graph = new Graph<Record<string, never>, { weight: number }>({ type: 'undirected', allowSelfLoops: false });
  nodes.forEach((_, i) => graph.addNode(String(i)));
  let key = 0;
  for (const [pair, weight] of pairs) {
    const a = Math.floor(pair / nodes.length);
    graph.addUndirectedEdgeWithKey(String(key++), String(a), String(pair - a * nodes.length), { weight });
  }
  if (graph.order === 0) {
    return new Map();
  }
  const ranks = pagerank(graph, { getEdgeWeight: 'weight', ...PAGERANK });

  return new Map(nodes.map((node, i) => [node.id, ranks[String(i)] ?? 0]));
}

/**
 * Centrality in 0..1: log PageRank min-max scaled within the tenant, so the most central memory is 1, the least
 * (an isolated one) 0, and a graph without edges gives every memory 0. The log keeps a hub from flattening the rest.
 */
export function normaliseCentrality(ranks: ReadonlyMap<string, number>): Map<string, number> {
  const logs = new Map([...ranks].map(([id, rank]) => [id, Math.log(Math.max(rank, Number.MIN_VALUE))]));
  // a loop, not Math.min(...values): spreading a million-memory tenant's values overflows the call stack
  let min = Infinity;
  let max = -Infinity;
  for (const value of logs.values()) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  const span = max - min;

  return new Map([...logs].map(([id, value]) => [id, span > 1e-9 ? (value - min) / span : 0]));
}

/** Access frequency in 0..1: log(1 + count) over the tenant's most accessed memory. */
export function accessScore(accessCount: number, maxAccessCount: number): number {
  return maxAccessCount > 0 ? Math.log1p(Math.max(0, accessCount)) / Math.log1p(maxAccessCount) : 0;
}

/**
 * importance = b + (1 − b) × (0.4 × centrality + 0.2 × access), b the explicit importance: graph position and use
 * can raise a memory towards 1 but never below what the user or the type default said.
 */
export function blendImportance(baseImportance: number, centrality: number, access: number): number {
  const base = Math.min(1, Math.max(0, baseImportance));

  return base + (1 - base) * (BLEND.centrality * centrality + BLEND.access * access);
}

/** Stored scores keep 6 decimals: the power iteration's last bits depend on insertion order, the scores must not. */
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Scores every node of one tenant's graph. */
export function scoreImportance(
  nodes: readonly ScoredNode[],
  edges: readonly ScoredEdge[],
): Map<string, ImportanceScore> {
  return blendScores(nodes, weightedPageRank(nodes, edges));
}

/** The scores of every node from its PageRank (scoreImportance's second half, for callers that yield between). */
export function blendScores(
  nodes: readonly ScoredNode[],
  ranks: ReadonlyMap<string, number>,
): Map<string, ImportanceScore> {
  const centrality = normaliseCentrality(ranks);
  const maxAccess = nodes.reduce((max, node) => Math.max(max, node.accessCount), 0);

  return new Map(
    nodes.map((node) => {
      const c = centrality.get(node.id) ?? 0;

      const importance = blendImportance(node.baseImportance, c, accessScore(node.accessCount, maxAccess));

      return [node.id, { centrality: round6(c), importance: round6(importance) }];
    }),
  );
}

export function changed(before: number, after: number): boolean {
  return Math.abs(before - after) >= CHANGE_EPSILON;
}
