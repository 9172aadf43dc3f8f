import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** The page loads GraphiQL, React and its own start script from this service only: it works offline. */
export const GRAPHIQL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // GraphiQL's editors set inline styles
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** URL path -> file of an installed package (resolved once, at start). */
function assets(): Record<string, string> {
  const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));

  return {
    'react.js': join(packageDir('react'), 'umd', 'react.production.min.js'),
    'react-dom.js': join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'),
    'graphiql.js': join(packageDir('graphiql'), 'graphiql.min.js'),
    'graphiql.css': join(packageDir('graphiql'), 'graphiql.min.css'),
  };
}

/** Starts GraphiQL after React, ReactDOM and GraphiQL's bundle: a script file, as the policy allows no inline code. */
const GRAPHIQL_START_JS = `(function start() {
  'use strict';
  var root = document.getElementById('graphiql');
  var keyless = root.getAttribute('data-keyless') === 'true';
  var fetcher = GraphiQL.createFetcher({ url: window.location.origin + '/graphql' });
  ReactDOM.createRoot(root).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultEditorToolsVisibility: keyless ? false : 'headers',
      defaultHeaders: keyless ? undefined : '{\\n  "Authorization": "Bearer <your API key>"\\n}',
      defaultQuery:
        '# Engram: what does the service know? (with API keys: put yours in the Headers tab below)\\n' +
        'query {\\n  recall(input: { query: "where does the user live?" }) {\\n    hits { score memory { content type } }\\n  }\\n}\\n',
    }),
  );
})();
`;

export function graphiqlHtml(keyless: boolean): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Engram GraphQL</title>
    <link rel="icon" href="/viewer/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/graphiql/graphiql.css">
    <style>html,body,#graphiql{height:100%;margin:0}</style>
  </head>
  <body>
    <div id="graphiql" data-keyless="${keyless ? 'true' : 'false'}">Loading GraphiQL…</div>
    <script src="/graphiql/react.js"></script>
    <script src="/graphiql/react-dom.js"></script>
    <script src="/graphiql/graphiql.js"></script>
    <script src="/graphiql/start.js"></script>
  </body>
</html>
`;
}

/**
 * GraphiQL at GET /graphql for a browser (Accept: text/html, no query), its files under /graphiql/, all from the
 * installed packages (graphiql, react, react-dom): no CDN, so it works offline. Only where the sandbox is on.
 */
export function mountGraphiql(app: INestApplication, keyless: boolean): void {
  const files = assets();
  const html = graphiqlHtml(keyless);
  const http = app.getHttpAdapter();
  app.use('/graphql', (req: Request, res: Response, next: NextFunction) => {
    // a browser asks for HTML first; GraphQL over GET (?query=) and clients that accept JSON go on to Apollo
    if (req.method !== 'GET' || req.query['query'] !== undefined || req.accepts(['json', 'html']) !== 'html') {
      next();

      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', GRAPHIQL_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(html);
  });
  http.get('/graphiql/start.js', (_req: Request, res: Response) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(GRAPHIQL_START_JS);
  });
  http.get('/graphiql/:file', (req: Request, res: Response) => {
    const file = files[String(req.params['file'])];
    if (file === undefined) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such file' } });

      return;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.sendFile(file);
  });
}
