import { Inject, Injectable } from '@nestjs/common';

import { BulletinService } from 'src/cortex/bulletin/bulletin.service';
import { ConsolidationService } from 'src/cortex/consolidation/consolidation.service';
import { CortexSweeper } from 'src/cortex/cortex-sweep.service';
import { MaintenanceService } from 'src/cortex/maintenance/maintenance.service';
import { assertHandlersComplete, JobName } from 'src/domain/job.types';
import type { JobHandlerMap } from 'src/domain/job.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { ReembedService } from 'src/embedding/migration/reembed.service';
import { CompactionService } from 'src/extraction/compaction.service';
import { LlmExtractionService } from 'src/extraction/llm-extraction.service';
import { compactionJobId, extractionJobId } from 'src/extraction/owed-work.policy';
import { OwedWorkSweeper } from 'src/extraction/owed-work.service';
import { ImportanceService } from 'src/importance/importance.service';
import { instrumentHandlers } from 'src/jobs/job-metrics';
import { recordLastRuns } from 'src/jobs/last-runs';
import { MetricsService } from 'src/metrics/metrics.service';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import type { MemoryGraphStore } from 'src/store/memory-graph.port';

/** The JobName → handler map shared by the BullMQ worker and the in-process runner; incomplete maps fail at boot. */
@Injectable()
export class JobHandlersService {
  readonly handlers: JobHandlerMap;

  constructor(
    @Inject(MEMORY_STORE) store: MemoryStore,
    bulletins: BulletinService,
    importance: ImportanceService,
    maintenance: MaintenanceService,
    consolidation: ConsolidationService,
    sweeper: CortexSweeper,
    metrics: MetricsService,
    extraction: LlmExtractionService,
    compaction: CompactionService,
    reembed: ReembedService,
    owedWork: OwedWorkSweeper,
    @Inject(MEMORY_GRAPH) graph: MemoryGraphStore,
  ) {
    const handlers: JobHandlerMap = {
      [JobName.RecordAccess]: (payload) => store.recordAccess(payload.tenantId, payload.ids, new Date(payload.at)),
      [JobName.CortexSweep]: () => sweeper.sweep(),
      [JobName.RefreshBulletin]: async (payload) => {
        const { status, reason, bulletin } = await bulletins.refresh(payload.tenantId, 'change');

        return { status, reason, bulletinId: bulletin?.id ?? null };
      },
      [JobName.RewriteBulletin]: async (payload) => {
        const { status, reason } = await bulletins.rewrite(payload.tenantId, payload.bulletinId);

        return { status, reason };
      },
      [JobName.RefreshImportance]: async (payload) => ({ changed: await importance.refresh(payload.tenantId) }),
      [JobName.MaintenanceSweep]: async () => ({ tenants: await sweeper.maintenanceSweep() }),
      [JobName.MaintainMemories]: (payload) => maintenance.maintain(payload.tenantId),
      [JobName.ConsolidateMemories]: (payload) => consolidation.consolidate(payload.tenantId),
      // the job id is the message's, so logs name the job
      [JobName.ExtractMessage]: (payload) =>
        extraction.extractMessage(payload.tenantId, payload.messageId, extractionJobId(payload.messageId)),
      [JobName.CompactChannel]: async (payload) => {
        const summary = await compaction.compact(payload, compactionJobId(payload.throughMessageId));

        return { summaryId: summary?.id ?? null };
      },
      [JobName.RecoverOwedWork]: () => owedWork.sweep(),
      [JobName.Reembed]: () => reembed.run(),
    };
    assertHandlersComplete(handlers);
    this.handlers = instrumentHandlers(recordLastRuns(handlers, graph), metrics);
  }
}
