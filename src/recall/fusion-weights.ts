/**
 * Every weight of the shared ranking (src/recall/hybrid-ranking.ts), in one place, as a property of the embedding
 * model: how much the vector side should count, and so how much structure (neighbours, session, speaker, dates)
 * has to make up for it, depends on how good the vectors are. The entry is chosen by the model id recorded with
 * every stored vector (`Embedder.model`); a model without an entry gets `DEFAULT_WEIGHTS`.
 *
 * Evidence: `npm run bench -- locomo` (LoCoMo, 1536 questions, categories 1-4). The USE entry was chosen on
 * conversations 26/30/41/42/43 and checked on 44/47/48/49/50 and the reverse (bench/locomo.bench.ts prints both
 * directions and the per-half optimum); the values kept are the ones both halves agree on within noise
 * (±0.8 pt at ~770 questions). Values no experiment moved are the research's (bench/research/LOCOMO-RECALL.md).
 */
export interface RankingWeights {
  /** Vector score (min-max over the candidates) added to the text score (divided by the best): f = text + vector·v. */
  readonly vector: number;
  /**
   * Conversation neighbours lend score: i receives `next`·f(i+1) (its reply, which often holds the answer's
   * words), `previous`·f(i−1) and `second`·f(i±2) (the same speaker's turn before and after).
   */
  readonly next: number;
  readonly previous: number;
  readonly second: number;
  /** Graph edges (RELATED_TO, PART_OF...): a neighbour lends graph × edge flow × edge weight × its score. */
  readonly graph: number;
  /** Memories extracted from the same message (EXTRACTED_FROM the same message) lend each other this share. */
  readonly sibling: number;
  /** Each item gains this share of the best score of its session (same conversation, same day). */
  readonly session: number;
  /** Multiplier for the memories of the one person a query names ("What did Caroline paint?"). */
  readonly speaker: number;
  /** Multiplier for memories whose occurredAt falls in the date window a query names. */
  readonly date: number;
  /** Multiplier for memories that state a time when the query asks "when". */
  readonly when: number;
  /** Longer statements hold more facts: × (1 + length·min(words/40, 1)). */
  readonly length: number;
  /** Questions rarely hold answers: × (1 − question) when the content asks something. */
  readonly question: number;
  /**
   * Entity signal (src/recall/entity-signal.ts): a memory mentioning an entity the query names gains
   * entity × specificity × the best fused score; one mentioning an entity co-mentioned with it, entityHop × both
   * specificities × the best fused score. Both 0: recall reads no entity.
   */
  readonly entity: number;
  readonly entityHop: number;
  /**
   * Entity bridge (src/recall/entity-bridge.ts): the entities the best memories of the first ranking mention lead
   * to other memories mentioning them, which gain entityBridge × specificity × the best fused score. 0: no bridge.
   */
  readonly entityBridge: number;
}

/**
 * Universal Sentence Encoder lite (`LOCAL_EMBEDDING_MODEL=use-lite`, the local default before e5-small). Weak
 * vectors (vector-only any@10 0.41-0.46 on LoCoMo turns against BM25 0.75-0.76), so the text side leads and
 * structure carries most of the gain. Each value
 * is the one coordinate ascent kept on conversations 1-5 (objective: any@10 over turns and observations together,
 * 1520 questions); the comments give the objective per value tried, and in brackets the same on 6-10, which chose
 * the same values except vector 1.2, graph 0.3, session 0.4 and speaker 2, all within 0.4 pt of these there.
 */
export const USE_WEIGHTS: RankingWeights = {
  // tuned on 1-5: 0.6 .786, 0.9 .787, 1.2 .786 (6-10 preferred 1.2: .801 -> .805)
  vector: 0.9,
  // not tuned (memories reach neighbours through edges): the research's shares for turn i+1, i-1 and i±2
  next: 0.2,
  previous: 0.1,
  second: 0.1,
  // 0 .783, 0.3 .788, 0.6 .789 (6-10: 0 .794, 0.3 .805, 0.6 .803)
  graph: 0.6,
  // not tuned: no LoCoMo variant extracts several memories from one message
  sibling: 0.2,
  // 0 .779, 0.25 .789, 0.4 .793, 0.6 .795 (6-10: .791, .805, .808, .808)
  session: 0.6,
  // 1.5 .788, 2 .787, 3 .783 (6-10: .796, .805, .803)
  speaker: 1.5,
  // 1 .787, 3 .795 (6-10: .796, .808)
  date: 3,
  // 1 .794, 2 .795 (6-10: .802, .808)
  when: 2,
  // 0 .790, 0.3 .795 (6-10: .796, .808)
  length: 0.3,
  // 0 .790, 0.25 .795 (6-10: .799, .808)
  question: 0.25,
  // not tuned on LoCoMo, where the names a question holds are mostly its two speakers (specificity near 0)
  entity: 0.3,
  entityHop: 0.1,
  // off: on LoCoMo (e5-small-v2, `locomo entities`) 0.3 lost 8 observation questions, 1 lost 4-6 on turns, 14 there
  entityBridge: 0,
};

/**
 * For a model with no entry (a local embedding server: nomic-embed-text, bge, gte...): modern sentence embedders
 * retrieve about as well as BM25 on conversational text, so the vector side counts as much as the text side; the
 * structural weights stay at USE's values, which the research found stable across fusion settings (their optimum
 * moved by less than the noise when the vector weight changed from 0.5 to 1.2). Measure and add an entry when a
 * model is used for real.
 */
export const DEFAULT_WEIGHTS: RankingWeights = { ...USE_WEIGHTS, vector: 1 };

/** Keyed by `Embedder.model`. The hash embedder is not semantic: its vectors only break ties. */
export const WEIGHTS_BY_MODEL: Readonly<Record<string, RankingWeights>> = {
  'use-lite-v1-512': USE_WEIGHTS,
};

export function weightsForModel(model: string): RankingWeights {
  if (model.startsWith('hash-')) {
    return { ...USE_WEIGHTS, vector: 0.3 };
  }

  return WEIGHTS_BY_MODEL[model] ?? DEFAULT_WEIGHTS;
}
