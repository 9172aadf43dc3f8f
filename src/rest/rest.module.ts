import { Module } from '@nestjs/common';

import { AuthModule } from 'src/auth/auth.module';
import { ConversationModule } from 'src/conversation/conversation.module';
import { CortexModule } from 'src/cortex/cortex.module';
import { EntitiesModule } from 'src/entities/entities.module';
import { MemoryModule } from 'src/memory/memory.module';
import { ObservabilityModule } from 'src/observability/observability.module';
import { RateLimitModule } from 'src/rate-limit/rate-limit.module';
import { RecallModule } from 'src/recall/recall.module';
import { AdminController } from 'src/rest/admin.controller';
import { AgentController } from 'src/rest/agent.controller';
import { BacklogController } from 'src/rest/backlog.controller';
import { BulletinController, ChannelsController } from 'src/rest/conversations.controller';
import { EntitiesController } from 'src/rest/entities.controller';
import { HistoryController } from 'src/rest/history.controller';
import { MemoriesController } from 'src/rest/memories.controller';
import { RestAuthGuard } from 'src/rest/rest-auth.guard';
import { TenantDataController } from 'src/rest/tenant-data.controller';
import { TenantController } from 'src/rest/tenant.controller';
import { TenantDataModule } from 'src/tenant-data/tenant-data.module';
import { TenantAdminModule } from 'src/tenants/tenant-admin.module';

/** REST under /api: thin controllers over the services GraphQL uses, behind the same key and rate limits. */
@Module({
  imports: [
    MemoryModule,
    EntitiesModule,
    RecallModule,
    ConversationModule,
    CortexModule,
    TenantDataModule,
    TenantAdminModule,
    AuthModule,
    RateLimitModule,
    ObservabilityModule,
  ],
  controllers: [
    AgentController,
    BacklogController,
    MemoriesController,
    EntitiesController,
    HistoryController,
    ChannelsController,
    BulletinController,
    TenantController,
    TenantDataController,
    AdminController,
  ],
  providers: [RestAuthGuard],
})
export class RestModule {}
