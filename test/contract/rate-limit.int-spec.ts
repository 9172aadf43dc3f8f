import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

import { ErrorCode, RateLimitedError } from 'src/common/errors';
import { loadConfig } from 'src/config/config';
import { MetricsService } from 'src/metrics/metrics.service';
import { RateLimitService } from 'src/rate-limit/rate-limit.service';
import { deleteRedisKeys, TEST_REDIS_URL } from 'test/support/redis';

const REDIS_URL = TEST_REDIS_URL;

function service(env: Record<string, string>): RateLimitService {
  return new RateLimitService(
    loadConfig({ ENGRAM_DATA_DIR: join(tmpdir(), 'engram-rate-limit-spec'), EMBEDDINGS: 'hash', ...env }),
    new MetricsService(),
  );
}

async function refusal(attempt: Promise<void>): Promise<RateLimitedError> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RateLimitedError)) {
    throw new Error(`expected RateLimitedError, got ${String(error)}`);
  }

  return error;
}

describe.each([
  ['in memory', false],
  ['in Redis', true],
])(`${RateLimitService.name} %s`, (_name, withRedis) => {
  let prefix: string;
  const services: RateLimitService[] = [];

  const make = async (env: Record<string, string>): Promise<RateLimitService> => {
    const made = service({ ...(withRedis ? { REDIS_URL, QUEUE_PREFIX: prefix } : {}), ...env });
    services.push(made);
    await made.onModuleInit();

    return made;
  };

  beforeEach(() => {
    prefix = `engram-test-rate-${randomUUID()}`;
  });

  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.onApplicationShutdown()));
    if (withRedis) {
      await deleteRedisKeys(prefix);
    }
  });

  it('should allow the limit a minute per tenant, then refuse with RATE_LIMITED and a retry hint', async () => {
    const limits = await make({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      await limits.consumeTenant('acme');
    }
    const error = await refusal(limits.consumeTenant('acme'));
    expect(error.code).toBe(ErrorCode.RateLimited);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(error.extensions()).toEqual({ retryAfter: error.retryAfterSeconds });
    expect(error.message).toBe(
      `too many requests for tenant "acme" (RATE_LIMIT_PER_MINUTE, shared by all its keys): retry after ${error.retryAfterSeconds} s`,
    );
    await expect(limits.consumeTenant('globex')).resolves.toBeUndefined();
  });

  it('should count addresses apart from tenants, each with its own limit', async () => {
    const limits = await make({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '2' });
    await limits.consumeAddress('10.0.0.1');
    await limits.consumeAddress('10.0.0.1');
    const error = await refusal(limits.consumeAddress('10.0.0.1'));
    expect(error.message).toMatch(/^too many requests from this address \(RATE_LIMIT_PER_ADDRESS_PER_MINUTE\): retry/);
    await expect(limits.consumeAddress('10.0.0.2')).resolves.toBeUndefined();
    await expect(limits.consumeTenant('10.0.0.1')).resolves.toBeUndefined();
  });

  it('should turn every limit off with RATE_LIMIT_PER_MINUTE=0, and only the address limit with its own 0', async () => {
    const off = await make({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1' });
    for (let i = 0; i < 50; i++) {
      await off.consumeTenant('acme');
      await off.consumeAddress('10.0.0.1');
    }
    const addressOff = await make({ RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '0' });
    for (let i = 0; i < 50; i++) {
      await addressOff.consumeAddress('10.0.0.1');
    }
    await addressOff.consumeTenant('acme');
    await refusal(addressOff.consumeTenant('acme'));
  });

  // 10,000 Redis round trips: past Jest's 5 s default on a loaded 2-core machine, and the test is about the count
  // staying under the limit, not about how fast it is counted
  it('should not throttle one client doing bulk work at the defaults (5,000 requests in a minute)', async () => {
    const limits = await make({});
    for (let i = 0; i < 5_000; i++) {
      await limits.consumeAddress('10.0.0.9');
      await limits.consumeTenant('bulk');
    }
  }, 120_000);

  if (withRedis) {
    it('should share the counts between processes through Redis, under the configured key prefix', async () => {
      const first = await make({ RATE_LIMIT_PER_MINUTE: '4' });
      const second = await make({ RATE_LIMIT_PER_MINUTE: '4' });
      await first.consumeTenant('acme');
      await second.consumeTenant('acme');
      await first.consumeTenant('acme');
      await second.consumeTenant('acme');
      await refusal(first.consumeTenant('acme'));
      await refusal(second.consumeTenant('acme'));
      const redis = new Redis(REDIS_URL);
      expect(await redis.keys(`${prefix}:rate:tenant*`)).toHaveLength(1);
      await redis.quit();
    });

    it('should keep limiting in memory while Redis is unreachable', async () => {
      const limits = service({ REDIS_URL: 'redis://127.0.0.1:1', QUEUE_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '2' });
      services.push(limits);
      await limits.consumeTenant('acme');
      await limits.consumeTenant('acme');
      await refusal(limits.consumeTenant('acme'));
    });
  }
});
