import { Module } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { MAX_SECTION_LINES, renderBulletin } from 'src/cortex/bulletin/bulletin.render';
import { BULLETIN_STORE } from 'src/store/bulletin-store.port';
import type { BulletinStore } from 'src/store/bulletin-store.port';

/**
 * What the conversation side reads of the cortex bulletin: `context` includes it, extraction never re-learns it.
 * It reads the bulletin store directly, so conversations depend on the stored bulletin, not on the cortex jobs.
 */
export const BULLETIN_READER = Symbol('BULLETIN_READER');

export interface BulletinReader {
  /** What `context` shows: the tenant's latest bulletin, or the template rendered now while none says anything. */
  latest(tenantId: string): Promise<{ content: string } | null>;
  /** The stored bulletin only, or null (extraction's gate compares candidates with it). */
  stored(tenantId: string): Promise<{ content: string } | null>;
}

/**
 * The stored bulletin; until one that says something is stored (the cortex waits for a quiet moment), the same
 * template rendered on the spot, so a briefing follows the very first write.
 */
export function bulletinReader(store: BulletinStore, maxWords: number): BulletinReader {
  return {
    stored: (tenantId) => store.latestBulletin(tenantId),
    latest: async (tenantId) => {
      const stored = await store.latestBulletin(tenantId);
      if (stored !== null && stored.content.length > 0) {
        return stored;
      }
      const rendered = renderBulletin(await store.bulletinCandidates(tenantId, MAX_SECTION_LINES), maxWords);

      return rendered.content.length > 0 ? { content: rendered.content } : stored;
    },
  };
}

/** Imported by the conversation and extraction modules, the two readers. */
@Module({
  providers: [
    {
      provide: BULLETIN_READER,
      inject: [BULLETIN_STORE, APP_CONFIG],
      useFactory: (store: BulletinStore, config: AppConfig): BulletinReader =>
        bulletinReader(store, config.cortex.bulletin.maxWords),
    },
  ],
  exports: [BULLETIN_READER],
})
export class BulletinReaderModule {}
