import { Module } from '@nestjs/common';

import { ContradictionArbiter } from 'src/memory/contradiction-arbiter';
import { MemoryResolver } from 'src/memory/memory.resolver';
import { MemoryService } from 'src/memory/memory.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';

@Module({
  providers: [ContradictionArbiter, MemoryResolver, MemoryService, MemoryWriteService],
  exports: [MemoryService, MemoryWriteService],
})
export class MemoryModule {}
