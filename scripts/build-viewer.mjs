// Bundles the memory viewer (src/viewer/app) into dist/public/viewer with esbuild: one script, one style sheet, the page.
// Run by `npm run build`; the browser test runs it too. Everything is served by the app itself: no CDN.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'src', 'viewer', 'app');
// not dist/viewer: tsc compiles src/viewer/*.ts (the server side) there
const out = join(root, 'dist', 'public', 'viewer');

mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(app, 'main.ts')],
  outfile: join(out, 'viewer.js'),
  tsconfig: join(app, 'tsconfig.json'),
  bundle: true,
  minify: true,
  sourcemap: true,
  format: 'iife',
  target: ['es2022'],
  platform: 'browser',
  legalComments: 'linked',
  logLevel: 'warning',
});
copyFileSync(join(app, 'index.html'), join(out, 'index.html'));
copyFileSync(join(app, 'viewer.css'), join(out, 'viewer.css'));
copyFileSync(join(app, 'favicon.svg'), join(out, 'favicon.svg'));
