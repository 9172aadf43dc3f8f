/**
 * Every cosine threshold of the write path and the cortex, in one place, as a property of the embedding model (like
 * the ranking weights in src/recall/fusion-weights.ts): the same cosine means different things to different models.
 * With E5-small-v2, unrelated short first-person sentences sit at 0.74-0.83, above USE's RELATED_TO threshold.
 * The entry is chosen by `Embedder.model`; a model without an entry gets USE's values. Explicit settings
 * (NEAR_DUPLICATE_THRESHOLD, UPDATES_THRESHOLD, RELATED_THRESHOLD, CONSOLIDATION_THRESHOLD) override the entry.
 *
 * Evidence: `npm run bench -- thresholds` (bench/thresholds.bench.ts): USE's values mapped to E5 by matching the
 * share of unrelated pairs passing (quality-case statements, LoCoMo observations), or, where USE lets almost none
 * through, the share of should-link pairs (corrections, paraphrases, take-backs, observations of one turn).
 */
export interface SimilarityThresholds {
  /** At or above: the same statement again (reinforce instead of a new memory). */
  readonly nearDuplicate: number;
  /** Above: an automatic UPDATES edge to the neighbour. */
  readonly updates: number;
  /** Above (and not above `updates`): an automatic RELATED_TO edge. */
  readonly related: number;
  /** At or above (and below `nearDuplicate`): the neighbour is close enough for the contradiction arbiter (LLM). */
  readonly arbiterFloor: number;
  /** Above: consolidation merges the pair (same type and visibility). */
  readonly consolidation: number;
  /** Above: episodic observations in different channels count as the same thing noticed again (promotion). */
  readonly promotion: number;
}

/** Universal Sentence Encoder lite: the values every threshold was first chosen with. */
export const USE_THRESHOLDS: SimilarityThresholds = {
  nearDuplicate: 0.95,
  updates: 0.9,
  related: 0.7,
  arbiterFloor: 0.6,
  consolidation: 0.88,
  promotion: 0.8,
};

/** E5-small-v2 (and its quantized build): see the bench for the shares each value lets through. */
export const E5_SMALL_THRESHOLDS: SimilarityThresholds = {
  // unrelated-share match 0.941, should-link match 0.98 (from one USE pair above 0.95: too thin to follow); 0.95 lets
  // 0.01 % of unrelated pairs through (USE: 0.05 %) and is the value the quality bench was measured with
  nearDuplicate: 0.95,
  // USE lets 0.25 % of unrelated pairs through: matched on should-link pairs (USE 6.8 % pass), unrelated match 0.912
  updates: 0.94,
  // unrelated-share match (USE 2.4 %) 0.855, should-link match 0.853: half of the should-link pairs pass, as with USE
  related: 0.85,
  // unrelated-share match (USE 3.9 %) 0.84, should-link match 0.827
  arbiterFloor: 0.83,
  // USE lets 0.45 % of unrelated pairs through: should-link match 0.926 (USE 9.2 % pass), unrelated match 0.898
  consolidation: 0.92,
  // unrelated-share match (USE 1.4 %) 0.868, should-link match 0.887
  promotion: 0.87,
};

/** Keyed by `Embedder.model`. */
export const THRESHOLDS_BY_MODEL: Readonly<Record<string, SimilarityThresholds>> = {
  'use-lite-v1-512': USE_THRESHOLDS,
  'e5-small-v2': E5_SMALL_THRESHOLDS,
  'e5-small-v2-q': E5_SMALL_THRESHOLDS,
};

/** The model's thresholds with the explicitly configured ones over them; the hash embedder gets USE's. */
export function thresholdsForModel(model: string, overrides: Partial<SimilarityThresholds> = {}): SimilarityThresholds {
  const base = THRESHOLDS_BY_MODEL[model] ?? USE_THRESHOLDS;
  const set = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));

  return { ...base, ...set };
}
