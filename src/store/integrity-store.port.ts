export const INTEGRITY_STORE = Symbol('INTEGRITY_STORE');

/** What can be wrong with a stored item. */
export enum IntegrityProblemKind {
  /** An item that has an embedding model recorded has no vector (row) to be found by. */
  MISSING_VECTOR = 'MISSING_VECTOR',
  /** The vector row disagrees with its item (tenant, status, visibility, type, channel). */
  STALE_VECTOR = 'STALE_VECTOR',
  /** A vector row whose item is gone. */
  ORPHAN_VECTOR = 'ORPHAN_VECTOR',
  /** An item without its full-text row (or tenant token): full-text search cannot find it. */
  MISSING_TEXT = 'MISSING_TEXT',
  /** The full-text row disagrees with its item (text or tenant token). */
  STALE_TEXT = 'STALE_TEXT',
  /** A full-text row whose item is gone. */
  ORPHAN_TEXT = 'ORPHAN_TEXT',
  /** An edge or a reference (association, EXTRACTED_FROM, SUMMARIZES, CITES, supersededBy...) to a missing node, or across tenants. */
  DANGLING_EDGE = 'DANGLING_EDGE',
  /** More than one ACTIVE memory in one slot of a tenant. */
  DUPLICATE_ACTIVE_SLOT = 'DUPLICATE_ACTIVE_SLOT',
  /** More than one ACTIVE memory with one fingerprint in a tenant. */
  DUPLICATE_ACTIVE_FINGERPRINT = 'DUPLICATE_ACTIVE_FINGERPRINT',
  /** The uniqueness guard disagrees with the memory: a retired memory still holding its live fingerprint (or active slot), or a guard that is not its own fingerprint (slot). */
  UNGUARDED_MEMORY = 'UNGUARDED_MEMORY',
  /** A tenant import that began writing and never finished: the tenant holds part of its file. */
  UNFINISHED_IMPORT = 'UNFINISHED_IMPORT',
}

export interface IntegrityProblem {
  kind: IntegrityProblemKind;
  /** Null when the broken row no longer says whose it is (e.g. an orphan full-text row). */
  tenantId: string | null;
  /** What the id names: memory, message, association, EXTRACTED_FROM, slot, fingerprint... */
  subject: string;
  id: string;
  detail: string;
}

export interface TenantCounts {
  tenantId: string;
  memories: number;
  /** Memories per status (ACTIVE, QUARANTINED, SUPERSEDED, FORGOTTEN), only the statuses present. */
  byStatus: Record<string, number>;
  /** Memories stored without a vector (the embedder was unavailable): found by full text only. */
  withoutVector: number;
  associations: number;
  channels: number;
  messages: number;
  summaries: number;
  bulletins: number;
}

export interface IntegrityReport {
  store: 'sqlite' | 'neo4j';
  tenants: TenantCounts[];
  problems: IntegrityProblem[];
}

/**
 * A read-only audit of the whole store (every tenant) for operators and tests: search rows beside every memory and
 * message, edges between existing nodes of one tenant, the one-ACTIVE rules. One consistent read where the backend
 * gives one (a SQLite read transaction, a Neo4j read transaction per step).
 */
export interface IntegrityStore {
  checkIntegrity(): Promise<IntegrityReport>;
}
