import { registerEnumType } from '@nestjs/graphql';

/** The tag of a standing rule ("never commit secrets"): every context shows it, and it does not decay. */
export const CONSTRAINT_TAG = 'constraint';

// GraphQL takes enum value names from the keys, so keys are the contract's UPPER_CASE names.
export enum MemoryType {
  FACT = 'FACT',
  PREFERENCE = 'PREFERENCE',
  DECISION = 'DECISION',
  IDENTITY = 'IDENTITY',
  EVENT = 'EVENT',
  OBSERVATION = 'OBSERVATION',
  GOAL = 'GOAL',
  TODO = 'TODO',
}
export enum RelationType {
  RELATED_TO = 'RELATED_TO',
  UPDATES = 'UPDATES',
  CONTRADICTS = 'CONTRADICTS',
  CAUSED_BY = 'CAUSED_BY',
  RESULT_OF = 'RESULT_OF',
  PART_OF = 'PART_OF',
}
export enum MemoryStatus {
  ACTIVE = 'ACTIVE',
  SUPERSEDED = 'SUPERSEDED',
  FORGOTTEN = 'FORGOTTEN',
  QUARANTINED = 'QUARANTINED',
}
export enum MemoryScope {
  THREAD = 'THREAD',
  PROJECT = 'PROJECT',
  GLOBAL = 'GLOBAL',
}
export enum SourceRole {
  USER = 'USER',
  ASSISTANT = 'ASSISTANT',
  TOOL = 'TOOL',
  SYSTEM = 'SYSTEM',
  TASK = 'TASK',
}
export enum WriteOutcome {
  CREATED = 'CREATED',
  REINFORCED = 'REINFORCED',
  REJECTED = 'REJECTED',
  QUARANTINED = 'QUARANTINED',
}
export enum Direction {
  OUT = 'OUT',
  IN = 'IN',
}

/** Type label used on Neo4j nodes (`:Memory:Fact`). */
export const MEMORY_TYPE_LABEL: Readonly<Record<MemoryType, string>> = {
  [MemoryType.FACT]: 'Fact',
  [MemoryType.PREFERENCE]: 'Preference',
  [MemoryType.DECISION]: 'Decision',
  [MemoryType.IDENTITY]: 'Identity',
  [MemoryType.EVENT]: 'Event',
  [MemoryType.OBSERVATION]: 'Observation',
  [MemoryType.GOAL]: 'Goal',
  [MemoryType.TODO]: 'Todo',
};

registerEnumType(MemoryType, { name: 'MemoryType' });
registerEnumType(RelationType, { name: 'RelationType' });
registerEnumType(MemoryStatus, { name: 'MemoryStatus' });
registerEnumType(MemoryScope, { name: 'MemoryScope' });
registerEnumType(SourceRole, { name: 'SourceRole' });
registerEnumType(WriteOutcome, { name: 'WriteOutcome' });
registerEnumType(Direction, { name: 'Direction' });

/** Live memories hold their fingerprint (duplicates meet them); retired ones (SUPERSEDED, FORGOTTEN) do not. */
export const LIVE_STATUSES: readonly MemoryStatus[] = [MemoryStatus.ACTIVE, MemoryStatus.QUARANTINED];

export function isLive(status: MemoryStatus): boolean {
  return LIVE_STATUSES.includes(status);
}
