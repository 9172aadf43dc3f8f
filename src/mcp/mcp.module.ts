import { Module } from '@nestjs/common';

import { AuthModule } from 'src/auth/auth.module';
import { ConversationModule } from 'src/conversation/conversation.module';
import { CortexModule } from 'src/cortex/cortex.module';
import { EntitiesModule } from 'src/entities/entities.module';
import { EngramMcp } from 'src/mcp/engram-mcp';
import { McpController } from 'src/mcp/mcp.controller';
import { MemoryModule } from 'src/memory/memory.module';
import { RateLimitModule } from 'src/rate-limit/rate-limit.module';
import { RecallModule } from 'src/recall/recall.module';

/** The MCP server's tools over the services GraphQL uses; the stdio command builds it without HTTP. */
@Module({
  imports: [MemoryModule, EntitiesModule, RecallModule, ConversationModule, CortexModule],
  providers: [EngramMcp],
  exports: [EngramMcp],
})
export class McpModule {}

/** MCP over streamable HTTP at /mcp on the API. */
@Module({
  imports: [McpModule, AuthModule, RateLimitModule],
  controllers: [McpController],
})
export class McpHttpModule {}
