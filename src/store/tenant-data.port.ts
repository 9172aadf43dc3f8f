import type { ChannelRecord, MessageRecord, SummaryRecord } from 'src/domain/conversation.types';
import type { EntityLinksOwed } from 'src/domain/memory-store.port';
import type { RelationType } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import type { BulletinRecord } from 'src/store/bulletin-store.port';

export const TENANT_DATA_STORE = Symbol('TENANT_DATA_STORE');

/** An outgoing edge of an exported memory. */
export interface ExportedLink {
  toId: string;
  type: RelationType;
  weight: number;
  createdAt: Date;
}

/** `(:Memory)-[:EXTRACTED_FROM]->(:Message)` of an exported memory. */
export interface ExportedExtraction {
  messageId: string;
  createdAt: Date;
}

/** A memory with every stored field (the vector aside: it is recomputed on import) and its outgoing edges. */
export interface ExportedMemory extends MemoryRecord {
  decayScore: number | null;
  links: ExportedLink[];
  extractedFrom: ExportedExtraction[];
}

export interface ImportedMessage {
  message: MessageRecord;
  vector: Float32Array | null;
}

export interface ImportedMemory {
  memory: ExportedMemory;
  vector: Float32Array | null;
  /** The export carries no entities: an imported ACTIVE memory is owed its links (null: entity linking off). */
  entityLinksOwed?: EntityLinksOwed | null;
}

/** Edges of imported memories, written once every memory of the file is in (an edge may point forwards). */
export interface ImportedEdges {
  links: (ExportedLink & { fromId: string })[];
  extractions: (ExportedExtraction & { memoryId: string })[];
}

/**
 * What one import call did. `existing`: the id is already the tenant's (kept as it is, so a rerun doubles nothing);
 * `conflicts`: the id belongs to another tenant of this store, or a live memory of the tenant already holds its
 * fingerprint or ACTIVE slot (skipped: the tenant's current data wins).
 */
export interface ImportCounts {
  created: number;
  existing: number;
  conflicts: number;
}

/** The kinds of record an import names by id. */
export type ImportIdKind = 'memory' | 'message' | 'summary' | 'bulletin' | 'entity' | 'channel';

/** Of some ids of one kind: those the tenant holds, and those another tenant holds (channel ids are per tenant). */
export interface IdOwners {
  ours: Set<string>;
  theirs: Set<string>;
  /** For summaries: the channel of each of the tenant's own (a summary reference must stay in its channel). */
  channelOf: Map<string, string>;
}

export interface ChannelPurge {
  channels: number;
  messages: number;
  summaries: number;
  memories: number;
}

/** What a tenant purge removed; vectors and full-text rows are counted apart from the rows they index. */
export interface TenantPurge {
  memories: number;
  associations: number;
  memoryVectors: number;
  memoryTextRows: number;
  channels: number;
  messages: number;
  messageVectors: number;
  messageTextRows: number;
  summaries: number;
  extractions: number;
  bulletins: number;
  citations: number;
  /** The jobs' per-tenant bookkeeping (job state; on Neo4j also the task write-budget nodes). */
  jobStates: number;
  llmUsage: number;
  /** Entity nodes (their mentions and merges go with them). */
  entities: number;
}

/**
 * A whole tenant at once, for export, import and purge (data portability and data-protection requests). Exports page
 * by id; imports keep every id and time they are given and never touch another tenant's rows.
 */
export interface TenantDataStore {
  exportChannels(tenantId: string, afterId: string | null, limit: number): Promise<ChannelRecord[]>;
  exportSummaries(tenantId: string, afterId: string | null, limit: number): Promise<SummaryRecord[]>;
  exportMessages(tenantId: string, afterId: string | null, limit: number): Promise<MessageRecord[]>;
  exportMemories(tenantId: string, afterId: string | null, limit: number): Promise<ExportedMemory[]>;
  /** Every kept bulletin (at most BULLETINS_KEPT), oldest first. */
  exportBulletins(tenantId: string): Promise<BulletinRecord[]>;

  /** Which of these memory or message ids the store already holds, for any tenant (an import skips embedding them). */
  existingIds(tenantId: string, kind: 'memory' | 'message', ids: string[]): Promise<Set<string>>;
  /** Which of these ids the tenant holds and which another tenant does: an import gives the latter ids of its own. */
  idOwners(tenantId: string, kind: ImportIdKind, ids: string[]): Promise<IdOwners>;
  /** Channels the tenant does not have; `summaryId` is kept only when that summary is the tenant's (import summaries first). */
  importChannels(tenantId: string, channels: ChannelRecord[]): Promise<ImportCounts>;
  importSummaries(tenantId: string, summaries: SummaryRecord[]): Promise<ImportCounts>;
  /** Messages of existing channels of the tenant; call refreshChannels once they are all in. */
  importMessages(tenantId: string, messages: ImportedMessage[]): Promise<ImportCounts>;
  /** Message counters and the neighbour text that full-text search indexes beside each message, after an import. */
  refreshChannels(tenantId: string, channelIds: string[]): Promise<void>;
  /** Memories without their edges (see importEdges); a memory's `supersededBy` is kept as given. */
  importMemories(tenantId: string, memories: ImportedMemory[]): Promise<ImportCounts>;
  /** Edges whose two ends are the tenant's; an existing edge is left as it is. Counts only what was created. */
  importEdges(tenantId: string, edges: ImportedEdges): Promise<ImportCounts>;
  /**
   * Marks an import of the file with this digest as under way for the tenant, until finishImport: an import writes in
   * many transactions, and one that stopped half-way stays marked, so the integrity check reports it. Importing the
   * same file again finishes it (an import doubles nothing) and clears the mark.
   */
  beginImport(tenantId: string, fileDigest: string, startedAt: Date): Promise<void>;
  finishImport(tenantId: string, fileDigest: string): Promise<void>;
  /** Bulletins in the order given (the last is the latest), citing the tenant's memories among `memoryIds`. */
  importBulletins(tenantId: string, bulletins: BulletinRecord[]): Promise<ImportCounts>;

  /**
   * Removes a channel with its messages, summaries and their edges; with `withMemories`, also the memories extracted
   * only from its messages (every EXTRACTED_FROM edge of theirs points into it), with their edges and any bulletin
   * citing them. Zero counts when there is no such channel.
   */
  purgeChannel(tenantId: string, channelId: string, withMemories: boolean): Promise<ChannelPurge>;
  /** Removes the memories written while the skill was active (`source.skillId`), with their edges and citing bulletins. */
  purgeSkill(tenantId: string, skillId: string): Promise<{ memories: number; bulletins: number }>;
  /** Removes everything of the tenant: nodes, edges, vectors, full-text rows, job state, LLM usage, bulletins. */
  purgeTenant(tenantId: string): Promise<TenantPurge>;
}
