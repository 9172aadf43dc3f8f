import type { INestApplication } from '@nestjs/common';
import type { Request, Response } from 'express';

import type { AppConfig } from 'src/config/config';

/** One thing the server offers at a path, for the start log and the page at `/`. */
export interface Surface {
  name: string;
  path: string;
  note: string;
  /** A browser opening the path gets a page (false: POST-only endpoints, which answer a click with an error). */
  opens: boolean;
}

type FrontDoorConfig = Pick<AppConfig, 'env' | 'sandbox' | 'apiKeys'>;

/** Every surface this configuration serves, in the order a newcomer needs them. */
export function surfaces(config: FrontDoorConfig): Surface[] {
  const keyless = config.apiKeys.length === 0;

  return [
    {
      name: 'GraphQL',
      path: '/graphql',
      note: config.sandbox
        ? 'open it in a browser for GraphiQL (served from this service, works offline)'
        : `POST only (no GraphiQL, no introspection: ${config.env === 'production' ? 'production' : 'GRAPHQL_SANDBOX=false'}): read schema.graphql`,
      opens: config.sandbox,
    },
    {
      name: 'Viewer',
      path: '/viewer/',
      note: keyless
        ? 'browse, search and edit the default tenant’s memories (no key: keyless)'
        : 'browse, search and edit memories with an API key',
      opens: true,
    },
    ...(config.env === 'production'
      ? []
      : [
          {
            name: 'REST docs',
            path: '/api/docs',
            note: 'Swagger UI; the OpenAPI document is /api/docs-json',
            opens: true,
          },
        ]),
    {
      name: 'MCP',
      path: '/mcp',
      note: keyless
        ? 'Streamable HTTP, no key needed (keyless)'
        : 'Streamable HTTP: POST with Authorization: Bearer <key>',
      opens: false,
    },
    { name: 'Health', path: '/healthz', note: 'liveness: store, embeddings and queue status', opens: true },
    {
      name: 'Ready',
      path: '/readyz',
      note: 'readiness: 200 once the store, Redis and the embedding model answer',
      opens: true,
    },
    {
      name: 'Metrics',
      path: '/metrics',
      note: 'Prometheus: loopback clients, or Bearer METRICS_TOKEN',
      opens: true,
    },
  ];
}

/** `http://host:port` as a person on this machine would type it (0.0.0.0 and :: are reached as localhost). */
export function baseUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;

  return `http://${name}:${port}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page at `/`: a link to every surface. Static text, no script; the only inline code is its style sheet. */
export function frontDoorHtml(config: FrontDoorConfig): string {
  const rows = surfaces(config)
    .map(
      (s) =>
        `<li>${s.opens ? `<a href="${escapeHtml(s.path)}">${escapeHtml(s.name)}</a>` : escapeHtml(s.name)} <code>${escapeHtml(s.path)}</code> — ${escapeHtml(s.note)}</li>`,
    )
    .join('\n      ');

  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Engram</title>
    <link rel="icon" href="/viewer/favicon.svg" type="image/svg+xml">
    <style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .25rem}li{margin:.4rem 0}</style>
  </head>
  <body>
    <h1>Engram</h1>
    <p>A typed memory graph for AI agents. Every surface but health and metrics takes <code>Authorization: Bearer &lt;key&gt;</code>
    (one of <code>ENGRAM_API_KEYS</code>, or one an operator made with <code>node dist/main.js keys create</code>; none needed
    when no keys are configured and the server listens on loopback only).</p>
    <ul>
      ${rows}
    </ul>
    <p>MCP over stdio: <code>node dist/main.js mcp</code>. The CLI: <code>node dist/main.js --help</code>.</p>
  </body>
</html>
`;
}

/** Serves the page at `GET /` (HTML for every client: curl users read the links too). */
export function mountFrontDoor(app: INestApplication, config: AppConfig): void {
  const html = frontDoorHtml(config);
  app.getHttpAdapter().get('/', (_req: Request, res: Response) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(html);
  });
}
