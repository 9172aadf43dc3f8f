import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

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

export interface ViewerBrowser {
  context: BrowserContext;
  page: Page;
  /** Script errors, console errors and warnings (but `expectedConsole`), CSP violations, and 404s outside /api/. */
  problems: string[];
  /** Requests to any other origin than the service's. */
  foreignRequests: string[];
  close(): Promise<void>;
}

/**
 * Chromium on a fresh profile with one page that records what went wrong on it. `expectedConsole`: console errors
 * the suite causes on purpose (Chromium logs every 401 or 404 the API answers).
 */
export async function openViewerBrowser(serviceOrigin: string, expectedConsole?: RegExp): Promise<ViewerBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'engram-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  const foreignRequests: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const expected = message.type() === 'error' && expectedConsole?.test(message.text()) === true;
    if ((message.type() === 'error' || message.type() === 'warning') && !expected) {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  // anything but the API answering 404 (a missing favicon, script or style sheet) is a problem
  page.on('response', (response) => {
    if (response.status() === 404 && !new URL(response.url()).pathname.startsWith('/api/')) {
      problems.push(`404: ${response.url()}`);
    }
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(serviceOrigin)) {
      foreignRequests.push(request.url());
    }
  });
  await page.addInitScript({ content: REPORT_CSP_VIOLATIONS });

  return {
    context,
    page,
    problems,
    foreignRequests,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
