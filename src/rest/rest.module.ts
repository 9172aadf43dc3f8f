import { Module } from '@nestjs/common';

import { AuthModule } from 'src/auth/auth.module';
import { ConversationModule } from 'src/conversation/conversation.module';
import { CortexModule } from 'src/cortex/cortex.module';
import { MemoryModule } from 'src/memory/memory.module';
import { ObservabilityModule } from 'src/observability/observability.module';
import { RateLimitModule } from 'src/rate-limit/rate-limit.module';
import { RecallModule } from 'src/recall/recall.module';
import { BacklogController } from 'src/rest/backlog.controller';
import { BulletinController, ChannelsController } from 'src/rest/conversations.controller';
import { MemoriesController } from 'src/rest/memories.controller';
import { RestAuthGuard } from 'src/rest/rest-auth.guard';
import { TenantDataController } from 'src/rest/tenant-data.controller';
import { TenantController } from 'src/rest/tenant.controller';
import { TenantDataModule } from 'src/tenant-data/tenant-data.module';

/** REST under /api: thin controllers over the services GraphQL uses, behind the same key and rate limits. */
@Module({
  imports: [
    MemoryModule,
    RecallModule,
    ConversationModule,
    CortexModule,
    TenantDataModule,
    AuthModule,
    RateLimitModule,
    ObservabilityModule,
  ],
  controllers: [
    BacklogController,
    MemoriesController,
    ChannelsController,
    BulletinController,
    TenantController,
    TenantDataController,
  ],
  providers: [RestAuthGuard],
})
export class RestModule {}
