import { MemoryScope, MemoryType, RelationType } from 'src/domain/memory.enums';

/**
 * Reciprocal Rank Fusion constant (Cormack et al.). RRF feeds only the `rrf` part of a hit's explanation: the
 * ranking fuses calibrated scores instead (`fuseScores` in hybrid-ranking.ts; see src/recall/ARCHITECTURE.md).
 */
export const RRF_K = 60;

export interface RankedList {
  /** Ids best first. */
  ids: readonly string[];
  /** How much this retriever counts; a weak retriever gets less than 1 instead of an equal vote. */
  weight: number;
}

/** Weighted RRF: Σ weight / (k + rank), rank from 1. */
export function reciprocalRankFusion(lists: readonly RankedList[], k = RRF_K): Map<string, number> {
  const fused = new Map<string, number>();
  for (const list of lists) {
    list.ids.forEach((id, index) => {
      fused.set(id, (fused.get(id) ?? 0) + list.weight / (k + index + 1));
    });
  }

  return fused;
}

const DAY_MS = 86_400_000;

/** Base stability S (days) per type: identity and preferences last months, decisions and projects weeks, events days. */
export const DEFAULT_STABILITY_DAYS: Readonly<Record<MemoryType, number>> = {
  [MemoryType.IDENTITY]: 180,
  [MemoryType.PREFERENCE]: 120,
  [MemoryType.GOAL]: 60,
  [MemoryType.DECISION]: 30,
  [MemoryType.FACT]: 60,
  [MemoryType.TODO]: 14,
  [MemoryType.OBSERVATION]: 14,
  [MemoryType.EVENT]: 7,
};

/** THREAD memories belong to one conversation and fade faster than project or global knowledge. */
export const SCOPE_STABILITY_FACTOR: Readonly<Record<MemoryScope, number>> = {
  [MemoryScope.GLOBAL]: 1,
  [MemoryScope.PROJECT]: 0.75,
  [MemoryScope.THREAD]: 0.35,
};

export interface DecayInput {
  type: MemoryType;
  scope: MemoryScope;
  accessCount: number;
  /** The last time the memory was created, seen again or recalled. */
  lastTouchedAt: Date;
  now: Date;
  stabilityDays?: Readonly<Record<MemoryType, number>>;
}

/**
 * Ebbinghaus retention exp(-t / S). Each recall strengthens the trace: S grows with the log of the access count,
 * so a memory used often is forgotten more slowly.
 */
export function retention(input: DecayInput): number {
  const base = (input.stabilityDays ?? DEFAULT_STABILITY_DAYS)[input.type];
  const stability = base * SCOPE_STABILITY_FACTOR[input.scope] * (1 + Math.log1p(Math.max(0, input.accessCount)));
  const ageDays = Math.max(0, input.now.getTime() - input.lastTouchedAt.getTime()) / DAY_MS;

  return Math.exp(-ageDays / stability);
}

/**
 * Multipliers modulate relevance, never replace it: each maps its 0..1 signal onto [floor, 1], so an old,
 * unimportant but exactly matching memory still outranks a fresh irrelevant one.
 */
export const FLOORS = { importance: 0.6, confidence: 0.7, recency: 0.6 } as const;

export function modulate(signal: number, floor: number): number {
  const clamped = Math.min(1, Math.max(0, signal));

  return floor + (1 - floor) * clamped;
}

/** Memories of the asking conversation or project are more likely to be what it means. */
export function scopeBoost(scope: MemoryScope): number {
  switch (scope) {
    case MemoryScope.THREAD:
      return 1.2;
    case MemoryScope.PROJECT:
      return 1.1;
    case MemoryScope.GLOBAL:
      return 1;
  }
}

/** How much of a seed's score flows to a neighbour along an edge of this type (before the edge's own weight). */
export const EDGE_FLOW: Readonly<Record<RelationType, { out: number; in: number }>> = {
  // IN on UPDATES means the neighbour updated the seed: the correction is what the caller needs
  [RelationType.UPDATES]: { out: 0.5, in: 1.1 },
  [RelationType.CONTRADICTS]: { out: 0.3, in: 0.9 },
  [RelationType.RELATED_TO]: { out: 0.6, in: 0.6 },
  [RelationType.CAUSED_BY]: { out: 0.6, in: 0.5 },
  [RelationType.RESULT_OF]: { out: 0.6, in: 0.5 },
  [RelationType.PART_OF]: { out: 0.7, in: 0.7 },
};

export enum Tier {
  HIGH = 'HIGH',
  MEDIUM = 'MEDIUM',
  LOW = 'LOW',
}

/** Tier cut-offs on the final 0..1 score (scope boost may push it slightly above 1). */
export const TIER_CUTOFFS = { high: 0.5, medium: 0.25 } as const;

export function tierOf(score: number): Tier {
  if (score >= TIER_CUTOFFS.high) {
    return Tier.HIGH;
  }

  return score >= TIER_CUTOFFS.medium ? Tier.MEDIUM : Tier.LOW;
}

export interface ScoreParts {
  relevance: number;
  importance: number;
  confidence: number;
  recency: number;
  scope: number;
  /** From the maintenance job's decay and lifetime flags (`vitality`); 1 when the memory is neither. */
  vitality?: number;
}

/**
 * Deprioritised, never hidden: a fading memory (Sci decay below the threshold) or an expired one (past its type's
 * lifetime) keeps its place only when it is clearly the better match.
 */
export const VITALITY = { fading: 0.85, expired: 0.7 } as const;

export function vitality(memory: { fading: boolean; expiredAt: Date | null }): number {
  return memory.expiredAt !== null ? VITALITY.expired : memory.fading ? VITALITY.fading : 1;
}

export function finalScore(parts: ScoreParts): number {
  return (
    parts.relevance *
    modulate(parts.importance, FLOORS.importance) *
    modulate(parts.confidence, FLOORS.confidence) *
    modulate(parts.recency, FLOORS.recency) *
    parts.scope *
    (parts.vitality ?? 1)
  );
}
