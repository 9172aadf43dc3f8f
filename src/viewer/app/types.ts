/** The REST API's response bodies as the viewer reads them (see /api/docs for the full schema). */
export const MEMORY_TYPES = [
  'FACT',
  'PREFERENCE',
  'DECISION',
  'IDENTITY',
  'EVENT',
  'OBSERVATION',
  'GOAL',
  'TODO',
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
export const MEMORY_STATUSES = ['ACTIVE', 'SUPERSEDED', 'FORGOTTEN', 'QUARANTINED'] as const;
export const MEMORY_SCOPES = ['GLOBAL', 'PROJECT', 'THREAD'] as const;

export interface Memory {
  id: string;
  type: MemoryType;
  content: string;
  context: string | null;
  status: string;
  scope: string;
  channelId: string | null;
  projectId: string | null;
  slot: string | null;
  importance: number;
  confidence: number;
  tags: string[];
  source: {
    role: string;
    channelId: string | null;
    messageId: string | null;
    taskId: string | null;
    skillId: string | null;
  };
  fading: boolean;
  expiredAt: string | null;
  occurredAt: string;
  createdAt: string;
  updatedAt: string;
  accessCount: number;
  supersededById: string | null;
}

export interface MemoryPage {
  items: Memory[];
  nextCursor: string | null;
  total: number;
}

export interface Message {
  id: string;
  channelId: string;
  role: string;
  speaker: string | null;
  trust: string;
  content: string;
  tokenCount: number;
  createdAt: string;
}

export interface Association {
  type: string;
  direction: 'IN' | 'OUT';
  weight: number;
  createdAt: string;
  memory: Memory;
}

export interface MemoryDetails {
  memory: Memory;
  supersededBy: Memory | null;
  supersedes: Memory[];
  associations: Association[];
  provenance: {
    role: string;
    channelId: string | null;
    taskId: string | null;
    skillId: string | null;
    messageId: string | null;
    message: Message | null;
  };
}

export interface Neighbourhood {
  centreId: string;
  nodes: Memory[];
  edges: { fromId: string; toId: string; type: string; weight: number }[];
  truncated: boolean;
}

export type ScoreBreakdown = Record<'vector' | 'text' | 'graph', number | null> &
  Record<'rrf' | 'relevance' | 'importance' | 'confidence' | 'recency' | 'scope', number>;

export interface SearchResult {
  hits: { memory: Memory; score: number; tier: string; explanation: ScoreBreakdown }[];
  tookMs: number;
  usedVectors: boolean;
}

export interface Bulletin {
  id: string;
  content: string;
  generatedAt: string;
  memoryIds: string[];
}

export interface Channel {
  id: string;
  private: boolean;
  projectId: string | null;
  tokenBudget: number;
  messageCount: number;
  summary: string | null;
  lastMessageAt: string | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A page of a channel's messages, with the memories each message produced. */
export interface MessagePage extends Page<Message> {
  learned: { messageId: string; memories: Memory[] }[];
}

/** GET /api/backlog: the tenant's owed work by kind. */
export interface BacklogItem {
  kind: string;
  meaning: string;
  items: number;
  oldest: string | null;
  oldestAgeSeconds: number;
  storeWide: boolean;
}

export const ENTITY_KINDS = ['PERSON', 'PLACE', 'ORGANIZATION', 'PROJECT', 'PET', 'THING'] as const;

/** GET /api/entities and /api/entities/{id}: a merged group answers as one. */
export interface Entity {
  id: string;
  kind: string;
  name: string;
  aliases: string[];
  mergedIds: string[];
  memoryCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface RelatedEntity {
  entity: Entity;
  shared: number;
}
