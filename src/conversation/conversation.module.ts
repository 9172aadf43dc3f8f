import { Module } from '@nestjs/common';

import { ContextService } from 'src/conversation/context.service';
import { ConversationResolver } from 'src/conversation/conversation.resolver';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageMemoriesService } from 'src/conversation/message-memories.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { BulletinReaderModule } from 'src/cortex/bulletin/bulletin-reader';
import { EmbeddingMigrationModule } from 'src/embedding/migration/embedding-migration.module';
import { ExtractionModule } from 'src/extraction/extraction.module';
import { SameTurnExtractor } from 'src/extraction/same-turn-extractor';
import { MemoryModule } from 'src/memory/memory.module';
import { RecallModule } from 'src/recall/recall.module';

/** Channels, messages, message search and context; same-turn extraction runs inside appendMessage. */
@Module({
  imports: [MemoryModule, RecallModule, ExtractionModule, BulletinReaderModule, EmbeddingMigrationModule],
  providers: [
    ConversationResolver,
    ConversationService,
    ContextService,
    MessageSearchService,
    MessageMemoriesService,
    SameTurnExtractor,
  ],
  exports: [ConversationService, ContextService, MessageSearchService, MessageMemoriesService],
})
export class ConversationModule {}
