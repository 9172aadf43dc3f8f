import { Module } from '@nestjs/common';

import { ApiKeyService } from 'src/auth/api-key.service';

/** The one ApiKeyService: GraphQL over HTTP and WebSocket, REST and MCP over HTTP all map keys to tenants through it. */
@Module({
  providers: [ApiKeyService],
  exports: [ApiKeyService],
})
export class AuthModule {}
