import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INestApplication } from '@nestjs/common';

import { createApiApp } from 'src/bootstrap';
import { loadConfig } from 'src/config/config';
import type { AppConfig } from 'src/config/config';

export interface GqlResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export interface TestApp {
  url: string;
  config: AppConfig;
  app: INestApplication;
  gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, key?: string | null): Promise<GqlResponse<T>>;
  close(): Promise<void>;
}

export const KEYS = { alice: 'alice-key-0001', bob: 'bob-key-0002' } as const;

/** Boots the real application (SQLite in a temp dir, hash embeddings) on a random port and talks to it over HTTP. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    ENGRAM_DATA_DIR: dataDir,
    ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
    EMBEDDINGS: 'hash',
    LOG_LEVEL: 'error',
    ...env,
  });
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}/graphql`;

  return {
    url,
    config,
    app,
    async gql<T>(query: string, variables: Record<string, unknown> = {}, key: string | null = KEYS.alice) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        },
        body: JSON.stringify({ query, variables }),
      });

      return (await response.json()) as GqlResponse<T>;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function codes(response: GqlResponse<unknown>): (string | undefined)[] {
  return (response.errors ?? []).map((e) => e.extensions?.code);
}
