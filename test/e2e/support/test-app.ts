import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';

import { createApiApp } from 'src/bootstrap';
import { loadConfig } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { freshStoreFor, testStoreEnv } from 'test/support/test-store';

export interface GqlResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export interface HttpGqlResponse<T> {
  status: number;
  headers: Headers;
  body: GqlResponse<T>;
}

export interface TestApp {
  url: string;
  config: AppConfig;
  app: INestApplication;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    key?: string | null,
  ): Promise<GqlResponse<T>>;
  /** POSTs any body to /graphql and keeps the HTTP status and headers. */
  post<T = Record<string, unknown>>(body: unknown, key?: string | null): Promise<HttpGqlResponse<T>>;
  close(): Promise<void>;
}

export const KEYS = { alice: 'alice-key-0001', bob: 'bob-key-0002' } as const;

/**
 * Boots the real application (SQLite in a temp dir, or the Neo4j of `STORE=neo4j`: test/support/test-store.ts; hash
 * embeddings) on a random port and talks to it over HTTP.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    ENGRAM_DATA_DIR: dataDir,
    ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
    EMBEDDINGS: 'hash',
    LOG_LEVEL: 'error',
    ...testStoreEnv(),
    ...env,
  });
  await freshStoreFor(config.dataDir);
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  const address = (app.getHttpServer() as Server).address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}/graphql`;
  const post = async <T>(body: unknown, key: string | null = KEYS.alice): Promise<HttpGqlResponse<T>> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

    return { status: response.status, headers: response.headers, body: (await response.json()) as GqlResponse<T> };
  };

  return {
    url,
    config,
    app,
    post,
    async gql<T>(query: string, variables: Record<string, unknown> = {}, key: string | null = KEYS.alice) {
      return (await post<T>({ query, variables }, key)).body;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The data of a response that must have succeeded; its errors otherwise, naming what was asked. */
export function expectData<T>(res: GqlResponse<T>, what: string): T {
  if (res.errors !== undefined || !res.data) {
    throw new Error(`${what} failed: ${JSON.stringify(res.errors)}`);
  }

  return res.data;
}

export function codes(response: GqlResponse<unknown>): (string | undefined)[] {
  return (response.errors ?? []).map((e) => e.extensions?.code);
}
