import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';

import { RateLimitedError } from 'src/common/errors';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { engramMetrics } from 'src/metrics/engram-metrics';
import { MetricsService } from 'src/metrics/metrics.service';
import { memoryRateLimiters, redisRateLimiters } from 'src/rate-limit/rate-limiters';
import type { RateLimiterStore, WindowLimiter } from 'src/rate-limit/rate-limiters';

/**
 * Request rate limits for every API surface (GraphQL over HTTP and WebSocket, REST, MCP): per client address before
 * authentication, per tenant after it. Counted in Redis when REDIS_URL is set (shared by all processes), in memory
 * otherwise. Over a limit, `consume*` throws RateLimitedError (code RATE_LIMITED) with the seconds to wait.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnApplicationShutdown {
  private readonly store: RateLimiterStore;
  private readonly perAddress: WindowLimiter | null;
  private readonly perTenant: WindowLimiter | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    // registered at boot, so dashboards find the series before the first refusal
    engramMetrics.rateLimited(metrics);
    const { perAddressPerMinute, perTenantPerMinute } = config.rateLimit;
    this.store = config.redisUrl
      ? redisRateLimiters(config.redisUrl, `${config.queuePrefix}:rate`)
      : memoryRateLimiters();
    this.perAddress = perAddressPerMinute > 0 ? this.store.limiter('address', perAddressPerMinute) : null;
    this.perTenant = perTenantPerMinute > 0 ? this.store.limiter('tenant', perTenantPerMinute) : null;
  }

  /** One request (or connection attempt) from a client address, before its API key is looked at. */
  consumeAddress(address: string): Promise<void> {
    return this.consume(this.perAddress, address, 'address');
  }

  /**
   * One request (or connection attempt, or graphql-ws operation) of an authenticated tenant; `calls` for a request
   * that carries several (a JSON-RPC batch counts each of its calls).
   */
  consumeTenant(tenantId: string, calls = 1): Promise<void> {
    return this.consume(this.perTenant, tenantId, 'tenant', calls);
  }

  /** Waits (a little) for Redis, so that the first requests are counted where every process sees them. */
  async onModuleInit(): Promise<void> {
    await this.store.ready(3_000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  private async consume(
    limiter: WindowLimiter | null,
    key: string,
    scope: 'address' | 'tenant',
    points = 1,
  ): Promise<void> {
    const waitMs = limiter ? await limiter.consume(key, points) : null;
    if (waitMs !== null) {
      engramMetrics.rateLimited(this.metrics).inc({ scope });
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      // the tenant's limit is shared by all its keys (and is the keyless `default` tenant's), so it names the tenant
      const who =
        scope === 'address'
          ? 'from this address (RATE_LIMIT_PER_ADDRESS_PER_MINUTE)'
          : `for tenant "${key}" (RATE_LIMIT_PER_MINUTE, shared by all its keys)`;
      throw new RateLimitedError(`too many requests ${who}: retry after ${seconds} s`, seconds);
    }
  }
}

/** HTTP headers for a RATE_LIMITED answer. */
export function retryAfterHeaders(error: RateLimitedError): Record<string, string> {
  return { 'retry-after': String(error.retryAfterSeconds) };
}
