import type { BulletinCandidate } from 'src/domain/bulletin-candidate';

export const BULLETIN_STORE = Symbol('BULLETIN_STORE');

/** Older bulletins of a tenant beyond this many are dropped when a new one is stored. */
export const BULLETINS_KEPT = 20;

export type BulletinSource = 'template' | 'llm';

export interface BulletinRecord {
  id: string;
  tenantId: string;
  content: string;
  generatedAt: Date;
  /** The memories it states, in line order; stored as `(:Bulletin)-[:CITES]->(:Memory)`. */
  memoryIds: string[];
  /** The change marker of the tenant's ACTIVE memories it was built from (or last confirmed against). */
  marker: string;
  /** SHA-256 of the deterministic text it was built from (an LLM rewrite keeps its template's digest). */
  digest: string;
  source: BulletinSource;
}

export interface LatestBulletinRow {
  id: string;
  marker: string;
  generatedAt: Date;
  source: BulletinSource;
  empty: boolean;
}

/**
 * Bulletins and what they are built from. Every method is scoped to one tenant except the sweep read, which returns
 * one row per tenant and nothing else.
 */
export interface BulletinStore {
  /**
   * Stores the bulletin and its CITES edges (ids that are not ACTIVE memories of the tenant are not cited).
   * `created: false` when a bulletin with that id exists already: nothing is written (callers derive the id from
   * what the bulletin says, so two processes producing the same bulletin store and publish it once).
   */
  saveBulletin(bulletin: BulletinRecord): Promise<{ bulletin: BulletinRecord; created: boolean }>;
  latestBulletin(tenantId: string): Promise<BulletinRecord | null>;
  getBulletin(tenantId: string, id: string): Promise<BulletinRecord | null>;
  /** The latest bulletin is still current for `marker`: remember that, so the next sweep skips the tenant. */
  confirmBulletin(tenantId: string, id: string, marker: string): Promise<void>;

  /**
   * What a bulletin may state: ACTIVE, GLOBAL (never a private channel's THREAD memory, nor a project's), not
   * written by a scheduled task, not expired; the `perType` most important of each type and the `perType` latest
   * events.
   */
  bulletinCandidates(tenantId: string, perType: number): Promise<BulletinCandidate[]>;
  /** Per tenant: its latest bulletin, without the text. */
  latestBulletinStates(): Promise<Map<string, LatestBulletinRow>>;
}
