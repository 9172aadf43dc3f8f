import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback port free at the time of the call (listened on, then closed): nothing listens on it afterwards. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));

  return port;
}
