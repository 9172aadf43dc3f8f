/**
 * A cheap fingerprint of a tenant's ACTIVE memories, read with one aggregate query: any insert, status change,
 * reinforcement or delete changes at least one part (count, newest updatedAt, sum of createdAt), without reading a
 * single memory's content. Equal markers mean the bulletin's inputs did not change.
 */
export interface ChangeMarker {
  tenantId: string;
  count: number;
  /** Newest updatedAt among the tenant's ACTIVE memories (epoch ms), 0 when it has none. */
  lastChangeAt: number;
  /** Sum of createdAt (epoch ms): a delete paired with an older-dated import still changes it. */
  createdSum: number;
}

export function markerKey(marker: Omit<ChangeMarker, 'tenantId'>): string {
  return `${marker.count}:${marker.lastChangeAt}:${marker.createdSum}`;
}

export interface LatestBulletinState {
  /** The marker the latest bulletin was built from (or confirmed against). */
  marker: string;
  generatedAt: Date;
}

export interface DebounceSettings {
  /** Quiet time after the last change before regenerating. */
  debounceMs: number;
  /** Under continuous writes, regenerate anyway once the bulletin is this old. */
  maxDelayMs: number;
}

export type BulletinDue = 'fresh' | 'wait' | 'due';

/**
 * Whether a tenant's bulletin should be regenerated now: never while the marker matches (an idle tenant costs
 * nothing, however often the sweep runs), otherwise once the tenant has been quiet for the debounce time, or once
 * the bulletin is older than the maximum delay.
 */
export function bulletinDue(
  marker: ChangeMarker,
  latest: LatestBulletinState | null,
  now: Date,
  settings: DebounceSettings,
): BulletinDue {
  if (latest?.marker === markerKey(marker)) {
    return 'fresh';
  }
  const quietFor = now.getTime() - marker.lastChangeAt;
  const staleFor = latest ? now.getTime() - latest.generatedAt.getTime() : Number.POSITIVE_INFINITY;

  return quietFor >= settings.debounceMs || staleFor >= settings.maxDelayMs ? 'due' : 'wait';
}
