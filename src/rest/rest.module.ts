import { Module } from '@nestjs/common';

import { AuthModule } from 'src/auth/auth.module';
import { ConversationModule } from 'src/conversation/conversation.module';
import { CortexModule } from 'src/cortex/cortex.module';
import { MemoryModule } from 'src/memory/memory.module';
import { RateLimitModule } from 'src/rate-limit/rate-limit.module';
import { RecallModule } from 'src/recall/recall.module';
import { BulletinController, ChannelsController } from 'src/rest/conversations.controller';
import { MemoriesController } from 'src/rest/memories.controller';
import { RestAuthGuard } from 'src/rest/rest-auth.guard';
import { TenantController } from 'src/rest/tenant.controller';

/** REST under /api: thin controllers over the services GraphQL uses, behind the same key and rate limits. */
@Module({
  imports: [MemoryModule, RecallModule, ConversationModule, CortexModule, AuthModule, RateLimitModule],
  controllers: [MemoriesController, ChannelsController, BulletinController, TenantController],
  providers: [RestAuthGuard],
})
export class RestModule {}
