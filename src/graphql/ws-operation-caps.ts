import { GraphQLError } from 'graphql';

import { RateLimitedError } from 'src/common/errors';

/** Operations one socket may have started and not finished: past it the socket is closed (a burst of frames). */
export const MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET = 100;
/** Live subscriptions on one socket. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;
/** Live subscriptions of one tenant in this process, over all its sockets. */
export const MAX_SUBSCRIPTIONS_PER_TENANT = 500;

/**
 * Counts live subscriptions per tenant and per socket (a socket's ids in `live`). A subscription is counted once it
 * has passed every check (`admit`) and uncounted when graphql-ws completes it (`release`: the client's complete, the
 * server's end, an error or the socket closing all end in onComplete).
 */
export class WsOperationCaps {
  private readonly perTenant = new Map<string, number>();

  /** null when the subscription may start (and is now counted), else the error to answer it with. */
  admit(tenantId: string, live: Set<string>, id: string): GraphQLError | null {
    const tenantCount = this.perTenant.get(tenantId) ?? 0;
    if (live.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      return limited(`at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} live subscriptions per socket`);
    }
    if (tenantCount >= MAX_SUBSCRIPTIONS_PER_TENANT) {
      return limited(`at most ${MAX_SUBSCRIPTIONS_PER_TENANT} live subscriptions per tenant`);
    }
    live.add(id);
    this.perTenant.set(tenantId, tenantCount + 1);

    return null;
  }

  release(tenantId: string, live: Set<string>, id: string): void {
    if (!live.delete(id)) {
      return;
    }
    const left = (this.perTenant.get(tenantId) ?? 1) - 1;
    if (left > 0) {
      this.perTenant.set(tenantId, left);
    } else {
      this.perTenant.delete(tenantId);
    }
  }

  liveOf(tenantId: string): number {
    return this.perTenant.get(tenantId) ?? 0;
  }
}

function limited(message: string): GraphQLError {
  return new GraphQLError(message, { originalError: new RateLimitedError(message, 1) });
}
