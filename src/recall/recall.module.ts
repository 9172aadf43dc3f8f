import { Module } from '@nestjs/common';

import { EmbeddingMigrationModule } from 'src/embedding/migration/embedding-migration.module';
import { RecallResolver } from 'src/recall/recall.resolver';
import { RecallService } from 'src/recall/recall.service';

@Module({ imports: [EmbeddingMigrationModule], providers: [RecallResolver, RecallService], exports: [RecallService] })
export class RecallModule {}
