import { join } from 'node:path';
import type { Page } from 'playwright-core';

import { REMEMBER } from 'test/e2e/support/memory-api';
import { origin } from 'test/e2e/support/rest-client';
import { expectData, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import {
  buildViewer,
  describeBrowser,
  openViewerBrowser,
  SCREENSHOTS,
  STORED_KEY,
} from 'test/e2e/support/viewer-browser';
import type { ViewerBrowser } from 'test/e2e/support/viewer-browser';

jest.setTimeout(120_000);

// A newcomer's `npm start`: no ENGRAM_API_KEYS, so the service answers this machine for its `default` tenant.
describeBrowser('memory viewer on a keyless server, in Chromium (e2e)', () => {
  let t: TestApp;
  let browser: ViewerBrowser | undefined;
  let page: Page;
  let problems: string[] = [];
  let foreignRequests: string[] = [];

  beforeAll(async () => {
    buildViewer();
    t = await startTestApp({ ENGRAM_API_KEYS: '' });
    for (const content of ['I prefer oat milk in my coffee', 'Falcon is the payments service']) {
      expectData(await t.gql(REMEMBER, { input: { content, type: 'FACT' } }, null), `remember ${content}`);
    }
    browser = await openViewerBrowser(origin(t));
    ({ page, problems, foreignRequests } = browser);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('should open straight onto the memories of the default tenant, asking for no key', async () => {
    const probe = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tenant');
    await page.goto(`${origin(t)}/viewer`);
    expect((await probe).request().headers()['authorization']).toBeUndefined();
    await page.locator('table.memories tbody tr').first().waitFor();

    expect(await page.locator('#memories-summary').textContent()).toContain('2 memories');
    expect(await page.locator('table.memories').textContent()).toContain('Falcon is the payments service');
    expect(await page.locator('#session-label').textContent()).toBe('Tenant default');
    expect(await page.locator('#keyless-note').textContent()).toContain('needs no API key');
    expect(await page.locator('#keyless-note').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Disconnect' }).isVisible()).toBe(false);
    expect(await page.getByLabel('API key').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Connect with an API key' }).isVisible()).toBe(false);
    expect(await page.getByRole('alert').isVisible()).toBe(false);
    expect(await page.evaluate<string | null>(STORED_KEY)).toBeNull();
    await page.screenshot({ path: join(SCREENSHOTS, '10-keyless.png'), fullPage: true });
  });

  it('should have loaded nothing from another origin and broken no rule of the page (CSP, script errors)', () => {
    expect(foreignRequests).toEqual([]);
    expect(problems).toEqual([]);
  });
});
