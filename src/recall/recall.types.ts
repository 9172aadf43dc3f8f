import type { MemoryRecord } from 'src/domain/memory.types';
import type { Tier } from 'src/recall/ranking';

export interface ScoreBreakdownData {
  vector: number | null;
  text: number | null;
  graph: number | null;
  rrf: number;
  relevance: number;
  importance: number;
  confidence: number;
  recency: number;
  scope: number;
}

export interface RecallHitData {
  memory: MemoryRecord;
  score: number;
  tier: Tier;
  explanation: ScoreBreakdownData;
}

export interface RecallOutput {
  hits: RecallHitData[];
  tookMs: number;
  /** False when the query could not be embedded and HYBRID ran on full text and graph only. */
  usedVectors: boolean;
}
