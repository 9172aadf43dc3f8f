import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** A fixed one-minute window of `points` requests per key. */
export interface WindowLimiter {
  /** Counts `points` requests for `key`: null when allowed, else the milliseconds until the window frees them. */
  consume(key: string, points?: number): Promise<number | null>;
}

export interface RateLimiterStore {
  limiter(name: string, pointsPerMinute: number): WindowLimiter;
  /** Resolves once the store is reachable, or after `timeoutMs` (counting goes on in memory until it is). */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

function isRejection(value: unknown): value is { msBeforeNext: number } {
  return typeof value === 'object' && value !== null && 'msBeforeNext' in value && !(value instanceof Error);
}

function windowLimiter(limiter: RateLimiterAbstract): WindowLimiter {
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);

        return null;
      } catch (rejection) {
        if (isRejection(rejection)) {
          return rejection.msBeforeNext;
        }
        throw rejection;
      }
    },
  };
}

/** Counters in this process only (no REDIS_URL). */
export function memoryRateLimiters(): RateLimiterStore {
  return {
    limiter: (name, points) => windowLimiter(new RateLimiterMemory({ keyPrefix: name, points, duration: 60 })),
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/**
 * Counters shared by every process through Redis (atomic INCR + TTL in rate-limiter-flexible's Lua script). While
 * Redis is unreachable each process counts in memory instead, so an outage neither blocks nor opens the API.
 */
export function redisRateLimiters(url: string, keyPrefix: string): RateLimiterStore {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // rate-limiter-flexible falls back to the insurance limiter on errors; ioredis would otherwise log every one
  client.on('error', () => undefined);

  return {
    limiter: (name, points) =>
      windowLimiter(
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${keyPrefix}:${name}`,
          points,
          duration: 60,
          insuranceLimiter: new RateLimiterMemory({
            keyPrefix: `${keyPrefix}:${name}:insurance`,
            points,
            duration: 60,
          }),
        }),
      ),
    ready: (timeoutMs) =>
      new Promise<void>((resolve) => {
        if (client.status === 'ready') {
          resolve();

          return;
        }
        const timer = setTimeout(resolve, timeoutMs);
        client.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
