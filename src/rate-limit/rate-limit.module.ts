import { Global, Module } from '@nestjs/common';

import { RateLimitService } from 'src/rate-limit/rate-limit.service';

/** Global, so every API surface (GraphQL, REST, MCP) counts against the same limits. */
@Global()
@Module({
  providers: [RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}
