import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { decayScore, isExpired, isFading } from 'src/domain/decay';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import type { DecayUpdate, MemoryGraphStore } from 'src/store/memory-graph.port';

const PAGE = 2000;
/** Decay scores that moved less than this are not written back. */
const SCORE_EPSILON = 1e-3;

export interface MaintenanceReport {
  scored: number;
  written: number;
  fading: number;
  expired: number;
}

/**
 * Decay and lifetimes, recalculated on schedule: every ACTIVE memory gets its Sci decay score and a fading flag, and
 * is marked expired (demoted: out of the bulletin, ranked lower in recall) past its type's lifetime. Nothing is deleted.
 */
@Injectable()
export class MaintenanceService {
  private readonly settings: AppConfig['cortex']['maintenance'];

  constructor(
    @Inject(MEMORY_GRAPH) private readonly graph: MemoryGraphStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.settings = config.cortex.maintenance;
  }

  async maintain(tenantId: string, now = new Date()): Promise<MaintenanceReport> {
    const report: MaintenanceReport = { scored: 0, written: 0, fading: 0, expired: 0 };
    let afterId: string | null = null;
    for (;;) {
      const rows = await this.graph.readDecayFacts(tenantId, afterId, PAGE);
      if (rows.length === 0) {
        return report;
      }
      const updates: DecayUpdate[] = [];
      for (const row of rows) {
        const score = decayScore(row, now);
        const fading = isFading(score, this.settings.fadingThreshold);
        const expired = isExpired(row, now, this.settings.lifetimes);
        report.scored += 1;
        report.fading += fading ? 1 : 0;
        report.expired += expired ? 1 : 0;
        const moved = row.decayScore === null || Math.abs(row.decayScore - score) >= SCORE_EPSILON;
        if (moved || fading !== row.fading || expired !== (row.expiredAt !== null)) {
          updates.push({ id: row.id, decayScore: score, fading, expiredAt: expired ? (row.expiredAt ?? now) : null });
        }
      }
      report.written += updates.length > 0 ? await this.graph.writeDecay(tenantId, updates, now) : 0;
      afterId = rows[rows.length - 1]?.id ?? null;
    }
  }
}
