import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { parseRuntimeKey } from 'src/auth/api-key-secret';
import { ApiKeyService, NO_REGISTRY } from 'src/auth/api-key.service';
import { AuthModule } from 'src/auth/auth.module';
import { UnauthenticatedError } from 'src/common/errors';
import type { AppConfig } from 'src/config/config';
import { CoreModule } from 'src/core.module';
import { BulletinReaderModule } from 'src/cortex/bulletin/bulletin-reader';
import { JobsModule } from 'src/jobs/jobs.module';
import { stderrLogger } from 'src/logging/stderr-logger';
import { EngramMcp } from 'src/mcp/engram-mcp';
import { McpModule } from 'src/mcp/mcp.module';
import { PubSubModule } from 'src/pubsub/pubsub.module';
import { StoreModule } from 'src/store/store.module';

/** What the tools need, without HTTP: the process of `node dist/main.js mcp`. */
@Module({})
class McpStdioModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: McpStdioModule,
      imports: [
        CoreModule.forRoot(config),
        StoreModule.forRoot(config.store),
        PubSubModule,
        BulletinReaderModule,
        JobsModule,
        McpModule,
        AuthModule,
      ],
    };
  }
}

/**
 * `node dist/main.js mcp`: Engram as an MCP server on stdin/stdout for the tenant of ENGRAM_API_KEY (with no keys
 * configured, the single `default` tenant). A wrong or missing key stops the process before it answers anything.
 */
export async function runMcpStdio(
  config: AppConfig,
  key: string | undefined,
  logLevelSet = process.env['LOG_LEVEL'] !== undefined,
): Promise<void> {
  // a wrong key of ENGRAM_API_KEYS stops the process before the store and the embedder start (runtime keys need the store)
  if (
    !(key && parseRuntimeKey(key)) &&
    new ApiKeyService(config, NO_REGISTRY).envCaller(key ? `Bearer ${key}` : undefined) === null
  ) {
    throw new Error('UNAUTHENTICATED: set ENGRAM_API_KEY to a valid Engram API key');
  }
  // a library printing with console.log (the local model's runtime does) would corrupt the protocol on stdout
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  // quiet by default (warnings and errors): a client starts this process often and shows its stderr; LOG_LEVEL asks for more
  const level = logLevelSet ? config.logLevel : 'warn';
  // stdout carries the protocol: every log line goes to stderr, plain (an MCP client shows stderr as text)
  const logger = stderrLogger(level, false);
  const context = await NestFactory.createApplicationContext(McpStdioModule.forRoot(config), { logger });
  const keys = context.get(ApiKeyService);
  const authorization = key ? `Bearer ${key}` : undefined;
  const caller = await keys.authenticate(authorization);
  if (caller === null) {
    await context.close();
    throw new Error('UNAUTHENTICATED: set ENGRAM_API_KEY to a valid Engram API key');
  }
  // a runtime key is checked again before every call: revoked or expired, the process answers UNAUTHENTICATED
  const server = context.get(EngramMcp).serverFor(caller.tenantId, {
    readOnly: caller.readOnly,
    authorize: async () => {
      if ((await keys.authenticate(authorization)) === null) {
        throw new UnauthenticatedError('this API key was revoked or has expired');
      }
    },
  });
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await server.close();
      await context.close();
    })());
  process.stdin.once('end', () => void close().then(() => process.exit(0)));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void close().then(() => process.exit(0)));
  }
  await server.connect(new StdioServerTransport());
}
