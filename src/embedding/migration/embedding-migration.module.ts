import { Module } from '@nestjs/common';

import { QueryVectors } from 'src/embedding/migration/query-vectors';
import { ReembedService } from 'src/embedding/migration/reembed.service';

/** Embedding-model migration: the re-embedding job's service and the migration-aware vector side of recall and message search. */
@Module({
  providers: [ReembedService, QueryVectors],
  exports: [ReembedService, QueryVectors],
})
export class EmbeddingMigrationModule {}
