import type { IncomingMessage, ServerResponse } from 'node:http';

/** Host names that only this machine resolves to itself; any port. */
const LOOPBACK_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface BrowserPolicy {
  /** No API keys: whoever reaches the service is the `default` tenant, so only this machine's browser may. */
  open: boolean;
  /** ENGRAM_ALLOWED_ORIGINS, normalised (`scheme://host[:port]`). */
  allowedOrigins: readonly string[];
}

export interface RequestHeaders {
  host?: string;
  origin?: string;
  secFetchSite?: string;
}

export type BrowserVerdict = { ok: true } | { ok: false; reason: string };

/** A Host header is a name or a bracketed IPv6 address, then an optional port; anything else names nothing. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i;

function hostName(host: string): string | null {
  return HOST_HEADER.exec(host)?.[1]?.toLowerCase() ?? null;
}

/** The service's own origin as a browser names it: the scheme and the Host the request came to. */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) {
    return false;
  }
  const own = host.toLowerCase();

  return origin === `http://${own}` || origin === `https://${own}`;
}

/**
 * Who may talk to the service from a browser, for every surface (HTTP and the WebSocket upgrade). Without keys only
 * loopback Host names are answered (a page that rebinds its own name to 127.0.0.1 is not), and a browser request
 * (one with an Origin, or a Sec-Fetch-Site that is not same-origin) only from the service's own origin or an
 * allowed one. With keys a request needs a key, which a browser does not attach by itself, so only the WebSocket
 * upgrade is checked, and only when ENGRAM_ALLOWED_ORIGINS is set.
 */
export function checkBrowserAccess(policy: BrowserPolicy, headers: RequestHeaders, upgrade: boolean): BrowserVerdict {
  const origin = headers.origin?.toLowerCase();
  const allowed = (o: string): boolean => isOwnOrigin(o, headers.host) || policy.allowedOrigins.includes(o);
  if (!policy.open) {
    if (upgrade && policy.allowedOrigins.length > 0 && origin !== undefined && !allowed(origin)) {
      return { ok: false, reason: `origin ${origin} is not in ENGRAM_ALLOWED_ORIGINS` };
    }

    return { ok: true };
  }
  if (headers.host === undefined || !LOOPBACK_HOST_NAMES.has(hostName(headers.host) ?? '')) {
    return {
      ok: false,
      reason: 'without API keys only loopback Host names (localhost, 127.0.0.1, [::1]) are answered',
    };
  }
  if (origin !== undefined) {
    return allowed(origin)
      ? { ok: true }
      : { ok: false, reason: `origin ${origin} may not use this service: add it to ENGRAM_ALLOWED_ORIGINS` };
  }
  const site = headers.secFetchSite?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { ok: false, reason: `a ${site} browser request may not use this service` };
  }

  return { ok: true };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];

  return Array.isArray(value) ? value[0] : value;
}

export function requestHeaders(req: IncomingMessage): RequestHeaders {
  return { host: header(req, 'host'), origin: header(req, 'origin'), secFetchSite: header(req, 'sec-fetch-site') };
}

/** The check as Express middleware, in front of every route (GraphQL, REST, MCP, the viewer): 403 when refused. */
export function browserAccessMiddleware(
  policy: BrowserPolicy,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const verdict = checkBrowserAccess(policy, requestHeaders(req), false);
    if (verdict.ok) {
      next();

      return;
    }
    res.statusCode = 403;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ error: { code: 'FORBIDDEN', message: verdict.reason } }));
  };
}
