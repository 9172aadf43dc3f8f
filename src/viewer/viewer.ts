import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

import { projectRoot } from 'src/common/project-root';

/** Where `npm run build` (scripts/build-viewer.mjs) writes the bundled viewer. */
export function viewerDir(): string {
  return join(projectRoot(__dirname), 'dist', 'public', 'viewer');
}

/** The page loads its own script, style sheet and API only: no inline code, no other origin. */
export const VIEWER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function securityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', VIEWER_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Serves the memory viewer at /viewer/ from the build output (static files; the page talks to /api). In production
 * its source map (the whole viewer source) is not served.
 */
export function mountViewer(app: NestExpressApplication, production: boolean): void {
  const dir = viewerDir();
  if (!existsSync(join(dir, 'index.html'))) {
    new Logger('Viewer').warn(`no viewer bundle in ${dir}: run "npm run build" to serve /viewer`);
  }
  if (production) {
    app.use('/viewer', (req: Request, res: Response, next: NextFunction) => {
      if (req.path.endsWith('.map')) {
        res.status(404).end();

        return;
      }
      next();
    });
  }
  app.useStaticAssets(dir, { prefix: '/viewer', index: 'index.html', redirect: true, setHeaders: securityHeaders });
}
