import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';

import { createApiApp } from 'src/bootstrap';
import { loadConfig } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { emptyNeo4j, testStoreEnv, usesNeo4j } from 'test/support/test-store';

export interface BenchApp {
  app: INestApplication;
  config: AppConfig;
  url: string;
  close(): Promise<void>;
}

/**
 * The real API application on SQLite in a fresh temp dir (or in `keepDir`, created if missing and kept on close),
 * listening on a random loopback port, with the caller's ENGRAM_MODELS_DIR when set. With `STORE=neo4j` and `NEO4J_*` set, on that Neo4j instead (emptied first
 * unless `keepDir` already existed: the database is what a kept dir holds on SQLite).
 */
export async function startBenchApp(env: Record<string, string>, keepDir?: string): Promise<BenchApp> {
  const kept = keepDir !== undefined && existsSync(keepDir);
  if (keepDir !== undefined) {
    mkdirSync(keepDir, { recursive: true });
  }
  const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), 'engram-bench-'));
  if (usesNeo4j() && !kept) {
    await emptyNeo4j();
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    ENGRAM_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    // a model folder the caller already has, so each run does not fetch and unpack the model again
    ...(process.env['ENGRAM_MODELS_DIR'] ? { ENGRAM_MODELS_DIR: process.env['ENGRAM_MODELS_DIR'] } : {}),
    ...testStoreEnv(),
    ...env,
  });
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;

  return {
    app,
    config,
    url: `http://127.0.0.1:${port}/graphql`,
    async close() {
      await app.close();
      if (keepDir === undefined) {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
