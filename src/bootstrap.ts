import 'reflect-metadata';

import { Logger } from '@nestjs/common';
import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from 'src/app.module';
import type { AppConfig } from 'src/config/config';

const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

export function logLevels(level: AppConfig['logLevel']): LogLevel[] {
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1);
}

/** Builds the API application without listening; tests use it to boot the real app on port 0. */
export async function createApiApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: logLevels(config.logLevel),
  });
  // memory content is capped by MAX_CONTENT_BYTES inside GraphQL, so oversize input gets a GraphQL error, not a 413
  app.useBodyParser('json', { limit: '2mb' });
  app.enableShutdownHooks();

  return app;
}

export async function serve(config: AppConfig): Promise<INestApplication> {
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
  const logger = new Logger('Engram');
  if (config.apiKeys.length === 0) {
    logger.warn(
      'ENGRAM_API_KEYS is empty: serving the single "default" tenant without authentication, bound to 127.0.0.1 only',
    );
  }
  logger.log(`GraphQL on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/graphql`);

  return app;
}
