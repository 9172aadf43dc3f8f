import { Module } from '@nestjs/common';

import { RateLimitService } from 'src/rate-limit/rate-limit.service';

/** One RateLimitService (a module is instantiated once), so every API surface (GraphQL, REST, MCP) counts against the same limits. */
@Module({
  providers: [RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}
