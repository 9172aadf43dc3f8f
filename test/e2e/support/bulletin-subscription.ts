import { createClient } from 'graphql-ws';
import type { Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface BulletinEvent {
  id: string;
  content: string;
  generatedAt: string;
  memoryIds: string[];
}

export interface BulletinSubscription {
  received: BulletinEvent[];
  /** What the server ended the subscription with: GraphQL errors or the socket's close event. */
  errors: unknown[];
  closes: { code: number; reason: string }[];
  dispose(): Promise<void>;
}

const SUBSCRIPTION = 'subscription { bulletinRefreshed { id content generatedAt memoryIds } }';

/** Subscribes to bulletinRefreshed over a real WebSocket with graphql-ws, the API key in connectionParams. */
export function subscribeBulletins(httpUrl: string, key: string | null): BulletinSubscription {
  const closes: { code: number; reason: string }[] = [];
  const client: Client = createClient({
    url: httpUrl.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: key === null ? {} : { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    on: {
      closed: (event) =>
        closes.push({ code: (event as { code: number }).code, reason: (event as { reason: string }).reason }),
    },
  });
  const subscription: BulletinSubscription = {
    received: [],
    errors: [],
    closes,
    async dispose() {
      await client.dispose();
    },
  };
  client.subscribe<{ bulletinRefreshed: BulletinEvent }>(
    { query: SUBSCRIPTION },
    {
      next: (result) => {
        if (result.data) {
          subscription.received.push(result.data.bulletinRefreshed);
        }
      },
      error: (error) => subscription.errors.push(error),
      complete: () => undefined,
    },
  );

  return subscription;
}

export async function eventually(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${what} not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
