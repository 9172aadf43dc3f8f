import type {
  Direction,
  MemoryScope,
  MemoryStatus,
  MemoryType,
  RelationType,
  SourceRole,
} from 'src/domain/memory.enums';

export interface MemorySourceData {
  role: SourceRole;
  channelId: string | null;
  messageId: string | null;
  taskId: string | null;
  /** The skill that was active when the memory was written; purging a skill purges what it wrote. */
  skillId: string | null;
}

/** A memory as the domain sees it. Every store adapter maps its rows/nodes to this shape. */
export interface MemoryRecord {
  id: string;
  tenantId: string;
  type: MemoryType;
  content: string;
  /** Text around the memory's source (e.g. the message before it): searched with a lower weight, never recalled as content. */
  context: string | null;
  status: MemoryStatus;
  scope: MemoryScope;
  channelId: string | null;
  projectId: string | null;
  slot: string | null;
  importance: number;
  baseImportance: number;
  centrality: number;
  confidence: number;
  tags: string[];
  /** Normalised-content fingerprint; unique per tenant among ACTIVE and QUARANTINED memories. */
  fingerprint: string;
  source: MemorySourceData;
  /** When it happened or was said (imports and extraction from old messages set it); defaults to createdAt. */
  occurredAt: Date;
  /** Decay (Sci) fell below the fading threshold: recall ranks it lower; it is never deleted for it. */
  fading: boolean;
  /** Set once the memory outlived its type's lifetime without being seen again: demoted, out of the bulletin. */
  expiredAt: Date | null;
  /** When it was stored. */
  createdAt: Date;
  updatedAt: Date;
  lastAccessedAt: Date | null;
  lastSeenAt: Date;
  accessCount: number;
  supersededBy: string | null;
  /**
   * When it stopped being believed: the occurredAt of the correction or retraction that superseded it (never before
   * its own occurredAt, which is when it starts to hold). Null while nothing has ended it.
   */
  validUntil: Date | null;
  embeddingModel: string | null;
}

export interface AssociationRecord {
  tenantId: string;
  fromId: string;
  toId: string;
  type: RelationType;
  weight: number;
  createdAt: Date;
}

/** An association seen from one memory: `memoryId` is the other end. */
export interface AssociationView {
  type: RelationType;
  direction: Direction;
  weight: number;
  memoryId: string;
  createdAt: Date;
}
