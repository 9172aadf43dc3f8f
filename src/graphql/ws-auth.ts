import type { Context } from 'graphql-ws';
import type { WebSocket } from 'ws';

import type { ApiKeyService } from 'src/auth/api-key.service';
import { ErrorCode } from 'src/common/errors';

/** What the graphql-ws server keeps per socket: the `ws` adapter's socket, and the tenant we authenticated. */
export interface WsExtra {
  socket?: WebSocket;
  tenantId?: string | null;
}

/** graphql-ws's own code for an unauthorised socket: its client treats it as fatal and does not reconnect in a loop. */
export const WS_UNAUTHORIZED = 4401;

/**
 * `onConnect` for graphql-ws: the API key travels in `connectionParams.authorization` (`Bearer <key>`). Without a
 * valid one the socket is closed before any subscription starts, with code 4401 and reason UNAUTHENTICATED.
 */
export function authenticateConnection(
  keys: ApiKeyService,
): (ctx: Context<Record<string, unknown> | undefined, unknown>) => boolean {
  return (ctx) => {
    const params = ctx.connectionParams ?? {};
    const extra = ctx.extra as WsExtra;
    extra.tenantId = keys.tenantFor(params['authorization'] ?? params['Authorization']);
    if (extra.tenantId === null) {
      extra.socket?.close(WS_UNAUTHORIZED, ErrorCode.Unauthenticated);

      return false;
    }

    return true;
  };
}
