import 'reflect-metadata';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoLogger } from 'nestjs-pino';

import { AppModule } from 'src/app.module';
import { browserAccessMiddleware } from 'src/auth/browser-access';
import type { AppConfig } from 'src/config/config';
import { baseUrl, mountFrontDoor, surfaces } from 'src/front-door/front-door';
import { mountGraphiql } from 'src/graphiql/graphiql-page';
import { graphqlBodyErrors } from 'src/graphql/body-errors';
import { serveApiDocs } from 'src/rest/openapi';
import { restBodyErrors } from 'src/rest/rest-body-errors';
import { UnknownRouteFilter } from 'src/rest/unknown-route.filter';
import { mountViewer } from 'src/viewer/viewer';

/**
 * How long an idle keep-alive connection stays open. Node's 5 s default races clients that reuse a connection near
 * that age (Node's own fetch keeps one 4 s and its timers are coarse, so a request sent as the server closes the socket
 * fails with ECONNRESET), and proxies keep theirs 60 s: a server must outlast the client's idle timeout.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Builds the API application without listening; tests use it to boot the real app on port 0. */
export async function createApiApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoLogger));
  app.disable('x-powered-by');
  const server: Server = app.getHttpServer();
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // before every route: without keys, only this machine's browser (see checkBrowserAccess)
  app.use(browserAccessMiddleware({ open: config.apiKeys.length === 0, allowedOrigins: config.allowedOrigins }));
  // memory content is capped by MAX_CONTENT_BYTES inside GraphQL, so oversize input gets a GraphQL error, not a 413
  app.useBodyParser('json', { limit: '2mb' });
  if (config.sandbox) {
    mountGraphiql(app, config.apiKeys.length === 0);
  }
  app.use('/graphql', graphqlBodyErrors);
  app.use('/api', restBodyErrors);
  app.useGlobalFilters(new UnknownRouteFilter(app.get(HttpAdapterHost).httpAdapter));
  mountViewer(app, config.env === 'production');
  mountFrontDoor(app, config);
  if (config.env !== 'production') {
    serveApiDocs(app);
  }
  app.enableShutdownHooks();

  return app;
}

export async function serve(config: AppConfig): Promise<INestApplication> {
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
  const logger = new Logger('Engram');
  if (config.apiKeys.length === 0) {
    // loadConfig refuses a non-loopback HOST without keys, so this is true
    logger.warn(
      `ENGRAM_API_KEYS is empty: serving the single "default" tenant without authentication on ${config.host} (loopback only)`,
    );
  }
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  const base = baseUrl(config.host, port);
  for (const surface of surfaces(config)) {
    logger.log(`${surface.name} on ${base}${surface.path} (${surface.note})`);
  }
  logger.log(`Start page: ${base}/`);

  return app;
}
