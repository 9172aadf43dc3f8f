import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';

/** What the viewer's browser suites share: Debian's Chromium, its flags, the bundle they build first. */
export const CHROMIUM = '/usr/bin/chromium';
const ROOT = projectRoot(__dirname);
/** Git-ignored: a person can look at what the browser saw. */
export const SCREENSHOTS = join(ROOT, 'test-output', 'viewer');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Browser-side code as text: these files are compiled for Node, without the DOM's types.
export const STORED_KEY = "sessionStorage.getItem('engram.apiKey')";
export const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI);
});`;

// Without Debian's chromium the suites are skipped on a workstation, but fail under CI (.ci/run installs it).
const available = existsSync(CHROMIUM);
if (!available && process.env['CI'] === 'true') {
  throw new Error(
    `${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium); .ci/run does`,
  );
}
export const describeBrowser = available ? describe : describe.skip;

/** Bundles the viewer as `npm run build` does (scripts/build-viewer.mjs), and makes the screenshot folder. */
export function buildViewer(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-viewer.mjs')], { stdio: 'inherit' });
  mkdirSync(SCREENSHOTS, { recursive: true });
}
