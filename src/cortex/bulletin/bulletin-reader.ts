import { Module } from '@nestjs/common';

import { BULLETIN_STORE } from 'src/store/bulletin-store.port';
import type { BulletinStore } from 'src/store/bulletin-store.port';

/**
 * What the conversation side reads of the cortex bulletin: `context` includes it, extraction never re-learns it.
 * It reads the bulletin store directly, so conversations depend on the stored bulletin, not on the cortex jobs.
 */
export const BULLETIN_READER = Symbol('BULLETIN_READER');

export interface BulletinReader {
  /** The tenant's latest bulletin, or null when there is none yet. */
  latest(tenantId: string): Promise<{ content: string } | null>;
}

/** Imported by the conversation and extraction modules, the two readers. */
@Module({
  providers: [
    {
      provide: BULLETIN_READER,
      inject: [BULLETIN_STORE],
      useFactory: (store: BulletinStore): BulletinReader => ({ latest: (tenantId) => store.latestBulletin(tenantId) }),
    },
  ],
  exports: [BULLETIN_READER],
})
export class BulletinReaderModule {}
