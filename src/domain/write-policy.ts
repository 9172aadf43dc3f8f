import { MemoryType, SourceRole } from 'src/domain/memory.enums';

const DEFAULT_IMPORTANCE: Readonly<Record<MemoryType, number>> = {
  [MemoryType.IDENTITY]: 0.8,
  [MemoryType.DECISION]: 0.7,
  [MemoryType.GOAL]: 0.7,
  [MemoryType.PREFERENCE]: 0.6,
  [MemoryType.TODO]: 0.6,
  [MemoryType.FACT]: 0.5,
  [MemoryType.EVENT]: 0.5,
  [MemoryType.OBSERVATION]: 0.4,
};

export function defaultImportance(type: MemoryType): number {
  return DEFAULT_IMPORTANCE[type];
}

/** What we believe a fresh memory from this source is worth; an explicit "remember this" is near certain. */
export function initialConfidence(role: SourceRole, explicit: boolean): number {
  if (explicit) {
    return 0.95;
  }
  switch (role) {
    case SourceRole.USER:
      return 0.8;
    case SourceRole.SYSTEM:
      return 0.75;
    case SourceRole.TOOL:
    case SourceRole.TASK:
      return 0.65;
    case SourceRole.ASSISTANT:
      return 0.55;
  }
}

/** Each confirmation closes a fifth of the gap to certainty; an explicit repeat jumps to at least 0.95. */
export function reinforcedConfidence(current: number, explicit: boolean): number {
  const raised = current + (1 - current) * 0.2;

  return Math.min(1, explicit ? Math.max(raised, 0.95) : raised);
}

export interface LinkThresholds {
  updates: number;
  related: number;
}

/** Automatic edge for a neighbour at this cosine similarity, or null when it is not close enough. */
export function autoLinkType(similarity: number, thresholds: LinkThresholds): 'UPDATES' | 'RELATED_TO' | null {
  if (similarity > thresholds.updates) {
    return 'UPDATES';
  }
  if (similarity > thresholds.related) {
    return 'RELATED_TO';
  }

  return null;
}

/** Why a task's write is refused once it has stored `budget` memories. */
export function taskBudgetSpent(taskId: string, budget: number): string {
  return `task ${taskId} has used its write budget of ${budget} memories`;
}

/**
 * Whether a write from `by` may retire `memory` when the arbiter judges them contradictory. Only the user's own word
 * retires what the user said; any other source only flags the conflict (a CONTRADICTS edge).
 */
export function mayRetire(by: SourceRole, memory: { source: { role: SourceRole } }): boolean {
  return by === SourceRole.USER || memory.source.role !== SourceRole.USER;
}
