import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EngramClient, EngramError } from '@engram/client';

/**
 * What the typed client throws when the answer is no GraphQL answer: a url with a path (the service's REST 404), a
 * proxy's HTML error page. A real HTTP server stands in for both.
 */
describe('EngramClient errors for answers that are not GraphQL', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/graphql') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Cannot POST /api/graphql' } }));
      } else {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>Bad Gateway</body></html>');
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it('should name a wrong url NOT_FOUND and say what url should be', async () => {
    const error = await new EngramClient({ url: `${origin}/api` }).bulletin().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngramError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect((error as Error).message).toBe(
      `HTTP 404 from ${origin}/api/graphql: Cannot POST /api/graphql (url should be the service's origin, e.g. http://127.0.0.1:4000)`,
    );
  });

  it('should turn an HTML error page into an EngramError with the HTTP status, not a JSON SyntaxError', async () => {
    const error = await new EngramClient({ url: origin }).bulletin().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngramError);
    expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 502 });
    expect((error as Error).message).toBe(`HTTP 502 from ${origin}/graphql: not JSON`);
  });
});
