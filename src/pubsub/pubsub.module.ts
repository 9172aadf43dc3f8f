import { Inject, Module } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { InProcessPubSub } from 'src/pubsub/in-process.pubsub';
import { PUBSUB } from 'src/pubsub/pubsub.port';
import type { PubSub } from 'src/pubsub/pubsub.port';
import { RedisPubSub } from 'src/pubsub/redis.pubsub';

class PubSubCloser implements OnApplicationShutdown {
  constructor(@Inject(PUBSUB) private readonly pubsub: PubSub) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pubsub.close();
  }
}

/** Redis pub/sub when REDIS_URL is set (API and worker are separate processes), else in process. Its user: the cortex. */
@Module({
  providers: [
    {
      provide: PUBSUB,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): PubSub =>
        config.redisUrl
          ? new RedisPubSub({ redisUrl: config.redisUrl, prefix: config.queuePrefix })
          : new InProcessPubSub(),
    },
    PubSubCloser,
  ],
  exports: [PUBSUB],
})
export class PubSubModule {}
