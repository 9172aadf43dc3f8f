import { randomUUID } from 'node:crypto';

import { InProcessPubSub } from 'src/pubsub/in-process.pubsub';
import type { PubSub } from 'src/pubsub/pubsub.port';
import { RedisPubSub } from 'src/pubsub/redis.pubsub';
import { redisServerInstalled, startPrivateRedis } from 'test/support/private-redis';
import type { PrivateRedis } from 'test/support/private-redis';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

function collector(): { messages: string[]; handler: (m: string) => void } {
  const messages: string[] = [];

  return { messages, handler: (m) => messages.push(m) };
}

async function eventually(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) {
      throw new Error('condition not met in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const adapters: [string, () => PubSub][] = [
  ['in-process', () => new InProcessPubSub()],
  ['redis', () => new RedisPubSub({ redisUrl: REDIS_URL, prefix: `engram-test-${randomUUID()}` })],
];

describe.each(adapters)('PubSub contract (%s)', (_, open) => {
  let pubsub: PubSub;

  beforeEach(() => {
    pubsub = open();
  });
  afterEach(async () => {
    await pubsub.close();
  });

  it('should deliver to every subscriber of the channel and to no other channel', async () => {
    const first = collector();
    const second = collector();
    const other = collector();
    await pubsub.subscribe('bulletins', first.handler);
    await pubsub.subscribe('bulletins', second.handler);
    await pubsub.subscribe('elsewhere', other.handler);

    await pubsub.publish('bulletins', 'one');
    await eventually(() => first.messages.length === 1 && second.messages.length === 1);

    expect(first.messages).toEqual(['one']);
    expect(second.messages).toEqual(['one']);
    expect(other.messages).toEqual([]);
  });

  it('should stop delivering after unsubscribe, keeping the other subscribers', async () => {
    const gone = collector();
    const stays = collector();
    const unsubscribe = await pubsub.subscribe('bulletins', gone.handler);
    await pubsub.subscribe('bulletins', stays.handler);
    await unsubscribe();

    await pubsub.publish('bulletins', 'after');
    await eventually(() => stays.messages.length === 1);

    expect(gone.messages).toEqual([]);
  });
});

describe(RedisPubSub.name, () => {
  it('should keep deployments with different prefixes apart', async () => {
    const a = new RedisPubSub({ redisUrl: REDIS_URL, prefix: `engram-test-${randomUUID()}` });
    const b = new RedisPubSub({ redisUrl: REDIS_URL, prefix: `engram-test-${randomUUID()}` });
    const heard = collector();
    try {
      await b.subscribe('bulletins', heard.handler);
      await a.publish('bulletins', 'not for b');
      await b.publish('bulletins', 'for b');
      await eventually(() => heard.messages.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 100));

      expect(heard.messages).toEqual(['for b']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  describe('when Redis goes away and comes back', () => {
    let redis: PrivateRedis | null = null;

    beforeAll(async () => {
      if (!redisServerInstalled()) {
        throw new Error(
          'redis-server is not installed (apt-get install redis-server): this suite needs its own Redis to stop',
        );
      }
      redis = await startPrivateRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('should fail a publish at once while Redis is down, and resubscribe by itself when it returns', async () => {
      const server = redis as PrivateRedis;
      const publisher = new RedisPubSub({ redisUrl: server.url, prefix: 'p' });
      const listener = new RedisPubSub({ redisUrl: server.url, prefix: 'p' });
      const heard = collector();
      try {
        await listener.subscribe('bulletins', heard.handler);
        await publisher.publish('bulletins', 'before');
        await eventually(() => heard.messages.length === 1);

        await server.stop();
        const started = Date.now();
        await expect(publisher.publish('bulletins', 'while down')).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(2000);

        await server.start();
        await eventually(() => {
          void publisher.publish('bulletins', 'after').catch(() => undefined);

          return heard.messages.includes('after');
        }, 10_000);

        expect(heard.messages).not.toContain('while down');
      } finally {
        await Promise.all([publisher.close(), listener.close()]);
      }
    });
  });
});
