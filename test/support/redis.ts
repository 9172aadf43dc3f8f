import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

import { QueueName } from 'src/domain/job.types';

/** The Redis tests use (CI starts one on 127.0.0.1:6379). */
export const TEST_REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Removes every key a test wrote under its own prefix. */
export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
  } finally {
    await redis.quit();
  }
}

/** The same URL under the name the queue tests use. */
export const REDIS_URL = TEST_REDIS_URL;

/** Whether the shared Redis answers; tests that need it say so and pass vacuously when it does not. */
export async function redisReachable(): Promise<boolean> {
  const probe = new Queue('probe', {
    connection: { url: REDIS_URL, maxRetriesPerRequest: 1, retryStrategy: () => null },
    prefix: `engram-probe-${randomUUID()}`,
  });
  probe.on('error', () => undefined);
  try {
    await Promise.race([
      probe.getJobCounts(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1500)),
    ]);

    return true;
  } catch {
    return false;
  } finally {
    await probe.close().catch(() => undefined);
  }
}

/**
 * Whether the shared Redis answers, for suites that need it. Off CI they say so and pass vacuously without it; under
 * CI=true (.ci/run starts redis-server) an unreachable Redis fails the suite instead of skipping it.
 */
export async function requireRedis(suite: string): Promise<boolean> {
  if (await redisReachable()) {
    return true;
  }
  if (process.env['CI'] === 'true') {
    throw new Error(`Redis not reachable at ${REDIS_URL}: under CI=true the ${suite} must run, not skip`);
  }
  console.warn(`Redis not reachable at ${REDIS_URL}: ${suite} skipped`);

  return false;
}

/** Removes every queue of a test's key prefix. */
export async function obliterateQueues(prefix: string): Promise<void> {
  for (const name of Object.values(QueueName)) {
    const queue = new Queue(name, { connection: { url: REDIS_URL }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

export function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what = 'condition',
): Promise<void> {
  const started = Date.now();

  return new Promise((resolve, reject) => {
    const tick = (): void => {
      Promise.resolve(predicate()).then(
        (ok) => {
          if (ok) {
            resolve();
          } else if (Date.now() - started > timeoutMs) {
            reject(new Error(`${what} not met within ${timeoutMs} ms`));
          } else {
            setTimeout(tick, 50);
          }
        },
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    };
    tick();
  });
}
