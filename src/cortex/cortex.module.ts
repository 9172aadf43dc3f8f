import { Module } from '@nestjs/common';

import { BulletinEvents } from 'src/cortex/bulletin/bulletin-events';
import { BulletinService } from 'src/cortex/bulletin/bulletin.service';
import { ConsolidationService } from 'src/cortex/consolidation/consolidation.service';
import { CortexSweeper } from 'src/cortex/cortex-sweep.service';
import { CortexResolver } from 'src/cortex/cortex.resolver';
import { LlmBudget } from 'src/cortex/llm-budget.service';
import { MaintenanceService } from 'src/cortex/maintenance/maintenance.service';
import { ImportanceService } from 'src/importance/importance.service';
import { MemoryModule } from 'src/memory/memory.module';
import { PubSubModule } from 'src/pubsub/pubsub.module';

/** Bulletin, importance, decay and consolidation: the background intelligence, plus its GraphQL surface. */
@Module({
  imports: [MemoryModule, PubSubModule],
  providers: [
    BulletinEvents,
    BulletinService,
    ConsolidationService,
    CortexResolver,
    CortexSweeper,
    ImportanceService,
    LlmBudget,
    MaintenanceService,
  ],
  exports: [BulletinService, ConsolidationService, CortexSweeper, ImportanceService, MaintenanceService],
})
export class CortexModule {}
