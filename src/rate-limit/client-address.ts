import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** `(req) => address` honouring TRUST_PROXY: without it, the socket's peer; with it, X-Forwarded-For up to the first untrusted hop. */
export function clientAddressResolver(trustProxy: string | undefined): (req: IncomingMessage) => string {
  if (trustProxy === undefined) {
    return (req) => req.socket.remoteAddress ?? 'unknown';
  }
  // as Express reads its `trust proxy` setting: a hop count, or addresses / CIDRs / loopback, uniquelocal, ...
  const hops = /^\d+$/.test(trustProxy) ? Number(trustProxy) : null;
  const trust =
    hops !== null
      ? (_address: string, i: number) => i < hops
      : proxyaddr.compile(trustProxy.split(',').map((part) => part.trim()));

  return (req) => proxyaddr(req, trust);
}
