import { createClient } from 'graphql-ws';
import type { Client } from 'graphql-ws';
import WebSocket from 'ws';

import type { GqlResponse } from 'test/e2e/support/test-app';

/** What one graphql-ws operation ended with: its results and errors, or the close code of the socket. */
export interface WsOutcome<T> {
  results: GqlResponse<T>[];
  errors?: { message: string; extensions?: { code?: string } }[];
  closeCode?: number;
}

/** A graphql-ws client for the booted app's /graphql, authenticating with `key` in connectionParams. */
export function wsClient(httpUrl: string, key: string | null): Client {
  return createClient({
    url: httpUrl.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: key === null ? {} : { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    lazy: true,
    lazyCloseTimeout: 1_000, // operations run back to back share one connection
  });
}

export function wsRun<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<WsOutcome<T>> {
  return new Promise((resolve) => {
    const results: GqlResponse<T>[] = [];
    client.subscribe<T>(
      { query, variables },
      {
        next: (result) => results.push(result as GqlResponse<T>),
        error: (error: unknown) => {
          if (Array.isArray(error)) {
            resolve({ results, errors: error as WsOutcome<T>['errors'] });
          } else {
            resolve({ results, closeCode: (error as { code?: number }).code });
          }
        },
        complete: () => resolve({ results }),
      },
    );
  });
}
