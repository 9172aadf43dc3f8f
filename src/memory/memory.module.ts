import { Module } from '@nestjs/common';

import { EntitiesModule } from 'src/entities/entities.module';
import { ContradictionArbiter } from 'src/memory/contradiction-arbiter';
import { MemoryImportService } from 'src/memory/memory-import.service';
import { MemoryInspectionService } from 'src/memory/memory-inspection.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { MemoryLoaders } from 'src/memory/memory.loaders';
import { MemoryResolver } from 'src/memory/memory.resolver';
import { MemoryService } from 'src/memory/memory.service';
import { WriteDecider } from 'src/memory/write/decide';

@Module({
  imports: [EntitiesModule],
  providers: [
    ContradictionArbiter,
    MemoryResolver,
    MemoryService,
    MemoryWriteService,
    WriteDecider,
    MemoryImportService,
    MemoryInspectionService,
    MemoryLoaders,
  ],
  exports: [MemoryService, MemoryWriteService, MemoryImportService, MemoryInspectionService],
})
export class MemoryModule {}
