import type { IncomingMessage, Server } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { Disposable } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocket, WebSocketServer } from 'ws';

import { ApiKeyService } from 'src/auth/api-key.service';
import { checkBrowserAccess, requestHeaders } from 'src/auth/browser-access';
import { RateLimitedError } from 'src/common/errors';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { graphqlWsOptions } from 'src/graphql/graphql-ws';
import { limitRules } from 'src/graphql/limits';
import { MetricsService } from 'src/metrics/metrics.service';
import { clientAddressResolver } from 'src/rate-limit/client-address';
import { RateLimitService, retryAfterHeaders } from 'src/rate-limit/rate-limit.service';

/** The largest graphql-ws message, as the HTTP JSON body limit (ws would otherwise read up to 100 MiB before auth). */
export const WS_MAX_PAYLOAD_BYTES = 2 * 1024 * 1024;

/**
 * Frames that arrive after the socket began to close (a burst of thousands in one TCP chunk, closed at the operation
 * cap) are dropped before graphql-ws parses them: ws emits every frame of a chunk, closing or not.
 */
function dropMessagesWhenClosing(socket: WebSocket): void {
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  socket.emit = ((event: string | symbol, ...args: unknown[]): boolean =>
    event === 'message' && socket.readyState !== WebSocket.OPEN ? false : emit(event, ...args)) as WebSocket['emit'];
}

/**
 * graphql-ws on /graphql, run by us rather than by @nestjs/graphql's `subscriptions` option so that the socket
 * server gets a payload limit and every operation the same limits and formatter as HTTP.
 */
@Injectable()
export class GraphqlWsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private server?: Disposable;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ApiKeyService,
    private readonly schemaHost: GraphQLSchemaHost,
    private readonly adapterHost: HttpAdapterHost,
    private readonly limits: RateLimitService,
    private readonly metrics: MetricsService,
  ) {}

  onApplicationBootstrap(): void {
    const addressOf = clientAddressResolver(this.config.trustProxy);
    const policy = { open: this.keys.open, allowedOrigins: this.config.allowedOrigins };
    const wss = new WebSocketServer({
      server: this.adapterHost.httpAdapter.getHttpServer() as Server,
      path: '/graphql',
      maxPayload: WS_MAX_PAYLOAD_BYTES,
      // the browser check of every HTTP route (403), then every connection attempt counts against its address
      // before the upgrade: over the limit it is an HTTP 429
      verifyClient: (
        { req }: { req: IncomingMessage },
        done: (ok: boolean, code?: number, message?: string, headers?: Record<string, string>) => void,
      ) => {
        const verdict = checkBrowserAccess(policy, requestHeaders(req), true);
        if (!verdict.ok) {
          done(false, 403, verdict.reason);

          return;
        }
        this.limits.consumeAddress(addressOf(req)).then(
          () => done(true),
          (error: unknown) =>
            error instanceof RateLimitedError
              ? done(false, 429, error.message, retryAfterHeaders(error))
              : done(false, 500),
        );
      },
    });
    const options = graphqlWsOptions({
      keys: this.keys,
      limits: this.limits,
      metrics: this.metrics,
      schema: () => this.schemaHost.schema,
      rules: limitRules({ introspection: this.config.sandbox }),
    });
    wss.on('connection', dropMessagesWhenClosing);
    this.server = useServer({ ...options, isProd: this.config.env === 'production' }, wss);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.server?.dispose();
  }
}
