import type { Direction, MemoryScope, MemoryStatus, MemoryType, RelationType } from 'src/domain/memory.enums';
import type { AssociationRecord, AssociationView, MemoryRecord } from 'src/domain/memory.types';
import { taskBudgetSpent } from 'src/domain/write-policy';

export const MEMORY_STORE = Symbol('MEMORY_STORE');

/** What a new memory needs; the store fills in nothing but what it must (it never invents ids or times). */
export type MemoryDraft = Omit<
  MemoryRecord,
  'supersededBy' | 'lastAccessedAt' | 'accessCount' | 'fading' | 'expiredAt' | 'validUntil'
>;

export interface LinkDraft {
  toId: string;
  type: RelationType;
  weight: number;
}

export interface InsertMemoryCommand {
  memory: MemoryDraft;
  /** Null when embeddings are unavailable: the memory is still stored and found by full text. */
  vector: Float32Array | null;
  /** Edges from the new memory to existing ones, created in the same transaction. */
  links: LinkDraft[];
  /**
   * Ids of ACTIVE memories this write retires (status SUPERSEDED, supersededBy = new id, validUntil = the new
   * memory's occurredAt, or their own when that is later). Independently of this
   * list, an ACTIVE memory with a slot retires every other ACTIVE memory of that tenant and slot in the same
   * transaction (with an UPDATES edge), so a slot never has two ACTIVE values, whatever races the callers run.
   */
  supersede: string[];
  /**
   * For a memory written on behalf of a task (`source.taskId`): the task's memories, counted inside the insert's
   * transaction, must not exceed this many, or the insert fails with TaskBudgetExceededError and writes nothing.
   */
  taskBudget?: number | null;
  /**
   * The new memory's entity links follow its insert (EntityLinker): the store keeps it owed them, durably, until
   * the linker's `linkMentions` settles it. Absent or null: nothing is owed (entity linking off).
   */
  entityLinksOwed?: EntityLinksOwed | null;
}

/** What a memory owed its entity links keeps for the linker: since when, and its slot's value (its name is `slot`). */
export interface EntityLinksOwed {
  since: Date;
  slotValue: string | null;
}

/**
 * Many inserts in one transaction, all or nothing. Links may point at the memory of any item of the batch by that
 * item's draft id: when an item turns out to be a duplicate, its links start from (or point at) the existing memory.
 */
export interface InsertBatchCommand {
  items: InsertMemoryCommand[];
}

/** `created: false` means an ACTIVE or QUARANTINED memory with the same fingerprint already existed: nothing was written. */
export type InsertMemoryResult =
  { created: true; memory: MemoryRecord; superseded: MemoryRecord[] } | { created: false; memory: MemoryRecord };

export interface MemoryListFilter {
  types?: MemoryType[];
  statuses: MemoryStatus[];
  scope?: MemoryScope;
  channelId?: string;
  projectId?: string;
  /** Every tag listed must be present. */
  tags?: string[];
  /** Only memories believed true at this moment (see Visibility.asOf). */
  asOf?: Date;
}

/** Keyset position: items strictly after (createdAt desc, id desc). */
export interface PageAfter {
  createdAt: Date;
  id: string;
}

export interface MemoryPageRows {
  items: MemoryRecord[];
  hasMore: boolean;
  total: number;
}

/** Which memories a recall may see: GLOBAL always, PROJECT/THREAD only for the matching id. */
export interface Visibility {
  statuses: MemoryStatus[];
  types?: MemoryType[];
  channelId?: string;
  projectId?: string;
  /**
   * Task isolation. Absent: memories of every task are visible (write path, consolidation). Present: memories without
   * a source task id, plus those of `taskId` (null: none), are visible; another task's memories never are.
   */
  task?: { taskId: string | null };
  /**
   * What was believed true at this moment: occurredAt ≤ asOf < validUntil (or no validUntil), whatever the status
   * is today, among `statuses`. Absent: no time filter at all.
   */
  asOf?: Date;
}

export interface ScoredId {
  id: string;
  /** Vector hits: cosine similarity (1 = identical). Text hits: BM25 relevance (higher is better). */
  score: number;
}

export interface NeighbourRow {
  seedId: string;
  memoryId: string;
  type: RelationType;
  direction: Direction;
  weight: number;
}

/** What a hybrid recall reads from the store: both searches, the graph around the best hits, their records. */
export interface CandidateQuery {
  /** Searched among the current vectors; null: no vector search, or its hits found elsewhere (`vectorHits`). */
  vector: Float32Array | null;
  /** Vector hits found elsewhere (an embedding migration's previous vectors), taken as they are. */
  vectorHits?: ScoredId[];
  /** The full-text query (searchText's). */
  text: string;
  /** Hits per search. */
  k: number;
  visibility: Visibility;
  /** The graph seeds among the hits: the caller's fusion, a pure function of the two hit lists. */
  seeds(text: readonly ScoredId[], vector: readonly ScoredId[]): string[];
  /** Each seed's heaviest edges kept (neighbours' limitPerSeed). */
  neighboursPerSeed: number;
  /** Other memories whose records are read with the candidates' (those recall's entity signal found). */
  alsoRead?: readonly string[];
}

/**
 * searchText's and searchVectors' hits, the seeds' neighbours, and the records of every hit, seed and neighbour (and
 * of `alsoRead`).
 */
export interface Candidates {
  text: ScoredId[];
  vector: ScoredId[];
  neighbours: NeighbourRow[];
  /** In no particular order; neighbours are not filtered by visibility (the caller is). */
  memories: MemoryRecord[];
}

export interface AssociationQuery {
  types?: RelationType[];
  direction?: Direction;
  limit: number;
}

/** An edge of one of the memories asked for (`ofId`), seen from that memory. */
export interface AssociationOf extends AssociationView {
  ofId: string;
}

/** recent: createdAt; importance; accessed: accessCount, then lastAccessedAt (each newest first on ties). */
export type MetadataOrder = 'recent' | 'importance' | 'accessed';

/**
 * The memory graph in domain terms. Every method is scoped to one tenant and never returns another tenant's data.
 * Adapters (SQLite, Neo4j) are the only code that touches a database driver; they share the process's
 * `StoreConnection`, which owns schema, embedding space and lifecycle.
 */
export interface MemoryStore {
  readonly kind: 'sqlite' | 'neo4j';

  insertMemory(command: InsertMemoryCommand): Promise<InsertMemoryResult>;
  /** One result per item, in order; when any item fails, nothing of the batch is written and the error names it. */
  insertMemories(command: InsertBatchCommand): Promise<InsertMemoryResult[]>;
  reinforceMemory(
    tenantId: string,
    id: string,
    patch: { confidence: number; seenAt: Date },
  ): Promise<MemoryRecord | null>;
  /**
   * Retires the ACTIVE memories among `ids` into the ACTIVE `survivorId` (consolidation): status SUPERSEDED,
   * supersededBy, validUntil the survivor's occurredAt, an UPDATES edge (weight 1) from the survivor to each, in one transaction. Returns what it retired:
   * nothing when the survivor is not an ACTIVE memory of the tenant, and nothing on a rerun.
   */
  supersedeInto(tenantId: string, survivorId: string, ids: string[], at: Date): Promise<MemoryRecord[]>;
  /** ACTIVE clears validUntil; SUPERSEDED sets it to `at` (not before occurredAt) unless it has one. */
  setStatus(tenantId: string, id: string, status: MemoryStatus, at: Date): Promise<MemoryRecord | null>;
  deleteMemory(tenantId: string, id: string): Promise<boolean>;

  getMemory(tenantId: string, id: string): Promise<MemoryRecord | null>;
  getMemories(tenantId: string, ids: string[]): Promise<MemoryRecord[]>;
  findByFingerprint(tenantId: string, fingerprint: string): Promise<MemoryRecord | null>;
  findActiveBySlot(tenantId: string, slot: string): Promise<MemoryRecord[]>;
  /** The slot's ACTIVE and SUPERSEDED memories, oldest first (occurredAt, then createdAt and id), at most `limit`. */
  slotHistory(tenantId: string, slot: string, limit: number): Promise<MemoryRecord[]>;
  /** Memories (any status) written on behalf of a task: the task write budget counts them. */
  countByTask(tenantId: string, taskId: string): Promise<number>;
  listMemories(
    tenantId: string,
    filter: MemoryListFilter,
    limit: number,
    after: PageAfter | null,
  ): Promise<MemoryPageRows>;
  queryByMetadata(
    tenantId: string,
    visibility: Visibility,
    order: MetadataOrder,
    limit: number,
  ): Promise<MemoryRecord[]>;

  searchVectors(tenantId: string, vector: Float32Array, k: number, visibility: Visibility): Promise<ScoredId[]>;
  searchText(tenantId: string, query: string, k: number, visibility: Visibility): Promise<ScoredId[]>;
  /**
   * Up to `k` of the tenant's memories of these statuses whose content holds every word of `phrase` (full text, so
   * stemmed: callers check the exact wording), in every scope: the caller applies its own scope rule.
   */
  findMentions(tenantId: string, phrase: string, statuses: MemoryStatus[], k: number): Promise<ScoredId[]>;

  /** Creates or updates (same from, to, type) an edge; null when either end is not the tenant's. */
  upsertAssociation(edge: AssociationRecord): Promise<AssociationRecord | null>;
  listAssociations(tenantId: string, memoryId: string, query: AssociationQuery): Promise<AssociationView[]>;
  /** The edges of many memories in one query: up to `query.limit` per memory, heaviest first (then newest). */
  listAssociationsOf(tenantId: string, memoryIds: string[], query: AssociationQuery): Promise<AssociationOf[]>;
  neighbours(tenantId: string, seedIds: string[], limitPerSeed: number): Promise<NeighbourRow[]>;
  /**
   * searchVectors, searchText, neighbours of the seeds and getMemories of all they name, as one read where the store
   * can (Neo4j: one statement, and a second only for neighbours outside the hits), else one after the other.
   */
  recallCandidates(tenantId: string, query: CandidateQuery): Promise<Candidates>;

  recordAccess(tenantId: string, ids: string[], at: Date): Promise<void>;
}

/** A batch insert failed at one item: nothing of the batch was written. */
export class BatchItemError extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(`items[${index}]: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The write would take a task past its write budget; thrown inside the transaction, so nothing was written. */
export class TaskBudgetExceededError extends Error {
  constructor(
    readonly taskId: string,
    readonly budget: number,
  ) {
    super(taskBudgetSpent(taskId, budget));
  }
}
