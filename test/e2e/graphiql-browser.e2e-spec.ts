import { join } from 'node:path';

import { origin } from 'test/e2e/support/rest-client';
import { startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { buildViewer, describeBrowser, openViewerBrowser, SCREENSHOTS } from 'test/e2e/support/viewer-browser';
import type { ViewerBrowser } from 'test/e2e/support/viewer-browser';

jest.setTimeout(180_000);

/** GraphiQL and the front door as a newcomer's browser meets them, with every other origin unreachable (offline). */
describeBrowser('GraphiQL and the front door in Chromium, offline (e2e)', () => {
  let t: TestApp;
  let browser: ViewerBrowser;

  beforeAll(async () => {
    buildViewer();
    t = await startTestApp({ ENGRAM_API_KEYS: '' });
    browser = await openViewerBrowser(origin(t));
    // offline: nothing but the service answers
    await browser.context.route(
      (url) => !url.href.startsWith(origin(t)),
      (route) => route.abort('internetdisconnected'),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('serves GraphiQL from the service itself and runs a query with it', async () => {
    const { page } = browser;
    await page.goto(`${origin(t)}/graphql`);
    await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
    await page.locator('.graphiql-execute-button').click();
    await page.locator('.result-window').getByText('"hits"').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'graphiql-1280.png') });

    expect(browser.foreignRequests).toEqual([]);
    expect(browser.problems).toEqual([]);
  });

  it('links from the front door only to pages that open', async () => {
    const { page } = browser;
    await page.goto(`${origin(t)}/`);
    const links = await page.locator('a').evaluateAll((anchors) => anchors.map((a) => String(Reflect.get(a, 'href'))));
    expect(links).toContain(`${origin(t)}/graphql`);
    expect(links).not.toContain(`${origin(t)}/mcp`);
    for (const link of links) {
      const response = await page.goto(link);
      expect(`${link} ${response?.status()}`).toBe(`${link} 200`);
    }
    expect(browser.foreignRequests).toEqual([]);
  });
});
