import type { Context } from 'graphql-ws';
import type { WebSocket } from 'ws';

import type { ApiKeyService } from 'src/auth/api-key.service';
import { ErrorCode } from 'src/common/errors';

/** What the graphql-ws server keeps per socket: the `ws` adapter's socket, and the caller we authenticated. */
export interface WsExtra {
  socket?: WebSocket;
  tenantId?: string | null;
  readOnly?: boolean;
  /** Ends the watch on the socket's runtime key (see KeyWatch), when the socket closes. */
  unwatch?: () => void;
}

/** graphql-ws's own code for an unauthorised socket: its client treats it as fatal and does not reconnect in a loop. */
export const WS_UNAUTHORIZED = 4401;

/**
 * `onConnect` for graphql-ws: the API key travels in `connectionParams.authorization` (`Bearer <key>`). Without a
 * valid one the socket is closed before any subscription starts, with code 4401 and reason UNAUTHENTICATED. A socket
 * opened with a runtime key is closed the same way once that key is revoked or expires.
 */
export function authenticateConnection(
  keys: ApiKeyService,
): (ctx: Context<Record<string, unknown> | undefined, unknown>) => Promise<boolean> {
  return async (ctx) => {
    const params = ctx.connectionParams ?? {};
    const extra = ctx.extra as WsExtra;
    const caller = await keys.authenticate(params['authorization'] ?? params['Authorization']);
    extra.tenantId = caller?.tenantId ?? null;
    extra.readOnly = caller?.readOnly ?? false;
    if (caller === null) {
      extra.socket?.close(WS_UNAUTHORIZED, ErrorCode.Unauthenticated);

      return false;
    }
    if (caller.keyId !== null) {
      const socket = extra.socket;
      extra.unwatch = keys.watch.watch(caller.keyId, () => socket?.close(WS_UNAUTHORIZED, ErrorCode.Unauthenticated));
      socket?.once('close', () => extra.unwatch?.());
    }

    return true;
  };
}
