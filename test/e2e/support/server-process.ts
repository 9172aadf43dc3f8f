import { startMainProcess } from 'test/e2e/support/main-process';
import { KEYS } from 'test/e2e/support/test-app';
import type { GqlResponse } from 'test/e2e/support/test-app';
import { freePort } from 'test/support/free-port';
import { freshStoreFor } from 'test/support/test-store';

export interface ServerProcess {
  url: string;
  output(): string;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    key?: string,
  ): Promise<GqlResponse<T>>;
  /** SIGKILL: no shutdown hook runs, as when the machine or the OOM killer takes the process. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** The real `serve` entry point (src/main.ts) in a child process, on SQLite in `dataDir`, with hash embeddings. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  readyTimeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  await freshStoreFor(env['ENGRAM_DATA_DIR'] ?? dataDir);
  const { child, output, exited } = await startMainProcess(
    'serve',
    {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      ENGRAM_DATA_DIR: dataDir,
      ENGRAM_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob}`,
      EMBEDDINGS: 'hash',
      LOG_LEVEL: 'log',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    'GraphQL on',
    readyTimeoutMs,
  );
  const url = `http://127.0.0.1:${port}/graphql`;
  const signal = async (name: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(name);
      await exited;
    }
  };

  return {
    url,
    output,
    async gql<T>(
      query: string,
      variables: Record<string, unknown> = {},
      key: string = KEYS.alice,
    ): Promise<GqlResponse<T>> {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ query, variables }),
      });

      return (await response.json()) as GqlResponse<T>;
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
