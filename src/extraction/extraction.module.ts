import { Module } from '@nestjs/common';

import { BulletinReaderModule } from 'src/cortex/bulletin/bulletin-reader';
import { EntitiesModule } from 'src/entities/entities.module';
import { CompactionService } from 'src/extraction/compaction.service';
import { ExtractionWriter } from 'src/extraction/extraction-writer';
import { LlmExtractionService } from 'src/extraction/llm-extraction.service';
import { MessageVectors } from 'src/extraction/message-vectors.service';
import { OwedWorkSweeper } from 'src/extraction/owed-work.service';
import { MemoryModule } from 'src/memory/memory.module';

/** What the job handlers run (LLM extraction, compaction, the owed-work sweep, message vectors) and the one writer every extractor uses. */
@Module({
  imports: [MemoryModule, BulletinReaderModule, EntitiesModule],
  providers: [ExtractionWriter, LlmExtractionService, CompactionService, OwedWorkSweeper, MessageVectors],
  exports: [ExtractionWriter, LlmExtractionService, CompactionService, OwedWorkSweeper, MessageVectors],
})
export class ExtractionModule {}
