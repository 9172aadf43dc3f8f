import type { IncomingMessage } from 'node:http';

import type { ApiKeyService, Caller } from 'src/auth/api-key.service';
import { UnauthenticatedError } from 'src/common/errors';
import { engramMetrics } from 'src/metrics/engram-metrics';
import type { MetricsService } from 'src/metrics/metrics.service';
import type { RateLimitService } from 'src/rate-limit/rate-limit.service';

export const API_KEY_REQUIRED = 'a valid API key is required: send "Authorization: Bearer <key>"';

export interface HttpAuthDependencies {
  keys: ApiKeyService;
  limits: RateLimitService;
  metrics: MetricsService;
  addressOf: (req: IncomingMessage) => string;
}

export type HttpSurface = 'graphql' | 'rest' | 'mcp';

/**
 * Every HTTP surface, in this order: the per-address rate limit, the tenant from the API key, the per-tenant rate
 * limit (`calls` of it: the calls the request carries). Throws RateLimitedError or UnauthenticatedError; each surface
 * answers them in its own shape.
 */
export async function authenticateHttp(
  deps: HttpAuthDependencies,
  req: IncomingMessage,
  surface: HttpSurface,
  calls = 1,
): Promise<Caller> {
  await deps.limits.consumeAddress(deps.addressOf(req));
  const caller = await deps.keys.authenticate(req.headers.authorization);
  if (caller === null) {
    engramMetrics.unauthenticated(deps.metrics).inc({ surface });
    throw new UnauthenticatedError(API_KEY_REQUIRED);
  }
  await deps.limits.consumeTenant(caller.tenantId, calls);

  return caller;
}
