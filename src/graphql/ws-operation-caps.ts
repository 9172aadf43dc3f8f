import { GraphQLError } from 'graphql';

import { RateLimitedError } from 'src/common/errors';

/** Operations one socket may have started and not finished: past it the socket is closed (a burst of frames). */
export const MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET = 100;
/**
 * Operations one socket may start within OPERATION_WINDOW_MS: past it the socket is closed. Without it a burst of
 * frames whose operations are refused (and so never stay in flight) was parsed and validated frame after frame.
 */
export const MAX_OPERATIONS_PER_SOCKET_WINDOW = 200;
export const OPERATION_WINDOW_MS = 10_000;
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

  /** The error a new subscription would be refused with (checked before the costlier validation), else null. */
  refusal(tenantId: string, live: Set<string>): GraphQLError | null {
    if (live.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      return limited(`at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} live subscriptions per socket`);
    }
    if ((this.perTenant.get(tenantId) ?? 0) >= MAX_SUBSCRIPTIONS_PER_TENANT) {
      return limited(`at most ${MAX_SUBSCRIPTIONS_PER_TENANT} live subscriptions per tenant`);
    }

    return null;
  }

  /** null when the subscription may start (and is now counted), else the error to answer it with. */
  admit(tenantId: string, live: Set<string>, id: string): GraphQLError | null {
    const refused = this.refusal(tenantId, live);
    if (refused) {
      return refused;
    }
    live.add(id);
    this.perTenant.set(tenantId, (this.perTenant.get(tenantId) ?? 0) + 1);

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

/** Operations a socket started in its current window (fixed windows of OPERATION_WINDOW_MS). */
export interface OperationWindow {
  startedAt: number;
  count: number;
}

/** Counts one more operation of a socket at `now` (ms); false once the socket started too many in its window. */
export function countOperation(window: OperationWindow, now: number): boolean {
  if (now - window.startedAt >= OPERATION_WINDOW_MS) {
    window.startedAt = now;
    window.count = 0;
  }
  window.count++;

  return window.count <= MAX_OPERATIONS_PER_SOCKET_WINDOW;
}

function limited(message: string): GraphQLError {
  return new GraphQLError(message, { originalError: new RateLimitedError(message, 1) });
}
