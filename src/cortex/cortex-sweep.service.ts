import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { LlmBudget } from 'src/cortex/llm-budget.service';
import { bulletinDue, markerKey } from 'src/domain/change-marker';
import type { ChangeMarker } from 'src/domain/change-marker';
import { JOB_QUEUE, JobName } from 'src/domain/job.types';
import type { JobQueue } from 'src/domain/job.types';
import { IMPORTANCE_STATE, parseImportanceState } from 'src/importance/importance.service';
import { BULLETIN_STORE } from 'src/store/bulletin-store.port';
import type { BulletinStore } from 'src/store/bulletin-store.port';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import type { MemoryGraphStore } from 'src/store/memory-graph.port';

export interface SweepReport {
  tenants: number;
  bulletins: number;
  rewrites: number;
  importance: number;
}

/** Job ids may not contain ':' (BullMQ). */
function idPart(value: string): string {
  return value.replace(/:/g, '.');
}

const EMPTY = (tenantId: string): ChangeMarker => ({ tenantId, count: 0, lastChangeAt: 0, createdSum: 0 });

/**
 * The periodic part of the cortex. It reads one change marker per tenant (cheap aggregates, no memory content)
 * and queues work only for tenants whose memories changed: a bulletin once they have been quiet for the debounce
 * time, importance after a burst of writes or once its interval has passed. An idle tenant costs these reads only.
 */
@Injectable()
export class CortexSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(CortexSweeper.name);

  constructor(
    @Inject(MEMORY_GRAPH) private readonly graph: MemoryGraphStore,
    @Inject(BULLETIN_STORE) private readonly bulletins: BulletinStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly llm: LlmBudget,
  ) {}

  /** Registers the periodic jobs; without Redis at boot they are registered in the background once it answers. */
  onApplicationBootstrap(): void {
    const cortex = this.config.cortex;
    void Promise.all([
      this.queue.schedule(JobName.CortexSweep, {}, cortex.sweepMs),
      this.queue.schedule(JobName.MaintenanceSweep, {}, cortex.maintenance.intervalMs),
    ]).catch((error: unknown) => this.logger.warn(`could not schedule the cortex jobs: ${(error as Error).message}`));
  }

  async sweep(now = new Date()): Promise<SweepReport> {
    const markers = new Map((await this.graph.changeMarkers()).map((m) => [m.tenantId, m]));
    const latest = await this.bulletins.latestBulletinStates();
    // a tenant whose last ACTIVE memory went away still needs its bulletin emptied
    for (const tenantId of latest.keys()) {
      if (!markers.has(tenantId)) {
        markers.set(tenantId, EMPTY(tenantId));
      }
    }
    const report: SweepReport = { tenants: markers.size, bulletins: 0, rewrites: 0, importance: 0 };
    const settings = this.config.cortex.bulletin;
    const rewriting = this.llm.configured && settings.llmRewritesPerDay > 0;
    for (const marker of markers.values()) {
      const key = idPart(markerKey(marker));
      const bulletin = latest.get(marker.tenantId) ?? null;
      if (bulletinDue(marker, bulletin, now, settings) === 'due') {
        await this.queue.enqueue(
          JobName.RefreshBulletin,
          { tenantId: marker.tenantId },
          { jobId: `bulletin-${marker.tenantId}-${key}` },
        );
        report.bulletins += 1;
      } else if (rewriting && bulletin?.source === 'template' && !bulletin.empty) {
        // a rewrite debounced earlier gets another chance once per interval (the rewrite itself checks cap and debounce)
        const slot = Math.floor(now.getTime() / Math.max(1, settings.llmMinIntervalMs));
        await this.queue.enqueue(
          JobName.RewriteBulletin,
          { tenantId: marker.tenantId, bulletinId: bulletin.id },
          { jobId: `rewrite-${bulletin.id}-${slot}` },
        );
        report.rewrites += 1;
      }
      if (marker.count > 0 && (await this.importanceDue(marker, now))) {
        await this.queue.enqueue(
          JobName.RefreshImportance,
          { tenantId: marker.tenantId },
          { jobId: `importance-${marker.tenantId}-${key}` },
        );
        report.importance += 1;
      }
    }

    return report;
  }

  private async importanceDue(marker: ChangeMarker, now: Date): Promise<boolean> {
    const state = parseImportanceState(await this.graph.readJobState(marker.tenantId, IMPORTANCE_STATE));
    if (state?.marker === markerKey(marker)) {
      return false;
    }
    const settings = this.config.cortex.importance;

    return (
      state === null ||
      Math.abs(marker.count - state.count) >= settings.burst ||
      now.getTime() - new Date(state.ranAt).getTime() >= settings.intervalMs
    );
  }

  /** Maintenance and consolidation for every tenant, once per interval (the job ids carry the interval's number). */
  async maintenanceSweep(now = new Date()): Promise<number> {
    const slot = Math.floor(now.getTime() / this.config.cortex.maintenance.intervalMs);
    const tenants = await this.graph.listTenants();
    for (const tenantId of tenants) {
      await this.queue.enqueue(JobName.MaintainMemories, { tenantId }, { jobId: `maintain-${tenantId}-${slot}` });
      await this.queue.enqueue(JobName.ConsolidateMemories, { tenantId }, { jobId: `consolidate-${tenantId}-${slot}` });
    }

    return tenants.length;
  }
}
