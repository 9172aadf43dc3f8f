import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';

import type { PubSub, Unsubscribe } from 'src/pubsub/pubsub.port';

export interface RedisPubSubOptions {
  redisUrl: string;
  /** Channel names are prefixed (`<prefix>:<channel>`) so deployments and test runs sharing a Redis stay apart. */
  prefix: string;
}

/**
 * Redis pub/sub over ioredis: one connection publishes, one (opened on the first subscribe) listens. ioredis
 * reconnects with backoff and re-subscribes by itself, so subscribers survive Redis going away and coming back;
 * publishing while Redis is away fails at once instead of queueing.
 */
export class RedisPubSub implements PubSub {
  readonly kind = 'redis' as const;
  private readonly logger = new Logger(RedisPubSub.name);
  private readonly publisher: Redis;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  constructor(private readonly options: RedisPubSubOptions) {
    this.publisher = this.connect('publisher', { enableOfflineQueue: false });
  }

  private connect(role: string, extra: RedisOptions): Redis {
    const client = new Redis(this.options.redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      ...extra,
    });
    let down = false;
    client.on('error', (error: Error) => {
      if (!down) {
        down = true;
        this.logger.warn(`redis ${role} connection lost (${error.message}); reconnecting`);
      }
    });
    client.on('ready', () => {
      if (down) {
        down = false;
        this.logger.log(`redis ${role} connection back`);
      }
    });

    return client;
  }

  private key(channel: string): string {
    return `${this.options.prefix}:${channel}`;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.key(channel), message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe> {
    const subscriber = this.listener();
    const key = this.key(channel);
    const own = (message: string): void => handler(message);
    let set = this.handlers.get(key);
    if (!set) {
      set = new Set();
      this.handlers.set(key, set);
      await subscriber.subscribe(key);
    }
    set.add(own);

    return async () => {
      set.delete(own);
      if (set.size === 0 && this.handlers.get(key) === set) {
        this.handlers.delete(key);
        await subscriber.unsubscribe(key).catch(() => undefined);
      }
    };
  }

  private listener(): Redis {
    if (!this.subscriber) {
      // a subscribed connection must queue its SUBSCRIBE while reconnecting, and never give up on it
      const subscriber = this.connect('subscriber', { enableOfflineQueue: true, maxRetriesPerRequest: null });
      subscriber.on('message', (key: string, message: string) => {
        for (const handler of [...(this.handlers.get(key) ?? [])]) {
          handler(message);
        }
      });
      this.subscriber = subscriber;
    }

    return this.subscriber;
  }

  async close(): Promise<void> {
    this.handlers.clear();
    const clients = this.subscriber ? [this.publisher, this.subscriber] : [this.publisher];
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}
