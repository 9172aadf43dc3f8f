import type { ChangeMarker } from 'src/domain/change-marker';
import type { MemoryScope, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';

export const MEMORY_GRAPH = Symbol('MEMORY_GRAPH');

/** createdAt enters the change marker's checksum modulo this. */
export const MARKER_MODULUS = 2_147_483_647;
/**
 * The checksum (a sum of terms below MARKER_MODULUS) wraps at 2^53 inside the database, where integers are exact
 * 64-bit: past about 4 million memories a JavaScript number would round it (unchanged below, so no marker moves).
 */
export const MARKER_WRAP = 2 ** 53;

export interface GraphNode {
  id: string;
  baseImportance: number;
  importance: number;
  centrality: number;
  accessCount: number;
}

export interface GraphEdge {
  fromId: string;
  toId: string;
  type: RelationType;
  weight: number;
}

export interface ImportanceUpdate {
  id: string;
  importance: number;
  centrality: number;
}

export interface DecayFactsRow {
  id: string;
  type: MemoryType;
  tags: string[];
  confidence: number;
  accessCount: number;
  lastAccessedAt: Date | null;
  lastSeenAt: Date;
  /** Null until the first maintenance run scores it. */
  decayScore: number | null;
  fading: boolean;
  expiredAt: Date | null;
}

export interface DecayUpdate {
  id: string;
  decayScore: number;
  fading: boolean;
  /** Set when the memory outlived its lifetime; null when it is current (again). */
  expiredAt: Date | null;
}

export interface ConsolidationRow {
  id: string;
  type: MemoryType;
  content: string;
  scope: MemoryScope;
  channelId: string | null;
  projectId: string | null;
  sourceChannelId: string | null;
  sourceRole: SourceRole;
  slot: string | null;
  confidence: number;
  importance: number;
  accessCount: number;
  createdAt: Date;
  updatedAt: Date;
  vector: Float32Array;
}

/**
 * The tenant's memory graph in bulk, for the background jobs (importance, decay, consolidation): reads of a whole
 * tenant and batched write-backs, never one statement per memory.
 */
export interface MemoryGraphStore {
  /** Tenants that have at least one memory. */
  listTenants(): Promise<string[]>;
  /** The cheap fingerprint of the tenant's ACTIVE memories (one aggregate read). */
  changeMarker(tenantId: string): Promise<ChangeMarker>;
  /** One marker per tenant that has ACTIVE memories. */
  changeMarkers(): Promise<ChangeMarker[]>;

  /** ACTIVE memories and the edges between two of them. */
  readImportanceGraph(tenantId: string): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }>;
  /** Writes importance and centrality (updatedAt untouched: rescoring is not a change of the memory); returns how many rows it wrote. */
  writeImportance(tenantId: string, updates: ImportanceUpdate[]): Promise<number>;

  /** ACTIVE memories in id order after `afterId`, at most `limit`. */
  readDecayFacts(tenantId: string, afterId: string | null, limit: number): Promise<DecayFactsRow[]>;
  /** Writes decay scores; a memory that expires (or is current again) also gets updatedAt = `at`: its bulletin changes. */
  writeDecay(tenantId: string, updates: DecayUpdate[], at: Date): Promise<number>;

  /** ACTIVE memories with a vector, updated at or after `since`, oldest change first, at most `limit`. */
  readConsolidationCandidates(tenantId: string, since: Date | null, limit: number): Promise<ConsolidationRow[]>;

  /** Small per-tenant bookkeeping of the jobs (last run, marker). */
  readJobState(tenantId: string, job: string): Promise<string | null>;
  writeJobState(tenantId: string, job: string, value: string): Promise<void>;
}
