import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Level } from 'pino';

import type { AppConfig } from 'src/config/config';

const PINO_LEVEL: Readonly<Record<AppConfig['logLevel'], Level>> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is a sane token, else a new UUID; echoed in the response. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const offered = req.headers['x-request-id'];
  const id = typeof offered === 'string' && CLIENT_REQUEST_ID.test(offered) ? offered : randomUUID();
  res.setHeader('x-request-id', id);

  return id;
}

/**
 * The URL as logged: the path and how many query parameters it had, neither their values nor their names (both are
 * the client's text: `?my diagnosis` is a name), so `/api/memories?q=x&limit=5` is logged as `/api/memories?(2)`.
 */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) {
    return url;
  }
  const count = [...new URLSearchParams(url.slice(mark + 1)).keys()].length;

  return `${url.slice(0, mark)}?(${count})`;
}

/**
 * Logs through pino: JSON lines in production (one per request, each log of a request carrying its `reqId`), the
 * same through pino-pretty in development, at LOG_LEVEL (tests run at `error`). Requests are logged without
 * headers, bodies or query values (loggedUrl), so no API key or memory content reaches the logs.
 */
export function loggingModule(config: AppConfig): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: PINO_LEVEL[config.logLevel],
      genReqId: requestId,
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: loggedUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: {
        ignore: (req) => ['/healthz', '/readyz', '/metrics'].includes((req.url ?? '').split('?')[0] ?? ''),
      },
      ...(config.env === 'development'
        ? { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l' } } }
        : {}),
    },
  });
}
