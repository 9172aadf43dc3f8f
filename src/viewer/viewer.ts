import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

import { sameOriginCsp, setPageSecurityHeaders } from 'src/common/page-security';
import { projectRoot } from 'src/common/project-root';

/** Where `npm run build` (scripts/build-viewer.mjs) writes the bundled viewer. */
export function viewerDir(): string {
  return join(projectRoot(__dirname), 'dist', 'public', 'viewer');
}

/** The page loads its own script, style sheet and API only: no inline code, no other origin. */
export const VIEWER_CSP = sameOriginCsp();

function securityHeaders(res: Response): void {
  setPageSecurityHeaders(res, VIEWER_CSP);
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
