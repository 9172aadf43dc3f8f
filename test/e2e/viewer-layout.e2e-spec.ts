import { join } from 'node:path';
import type { Page } from 'playwright-core';

import { ConversationApi } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { origin } from 'test/e2e/support/rest-client';
import { KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import { buildViewer, describeBrowser, openViewerBrowser, SCREENSHOTS } from 'test/e2e/support/viewer-browser';
import type { ViewerBrowser } from 'test/e2e/support/viewer-browser';

jest.setTimeout(120_000);

const LONG_NOTE = 'Procurement note: every vendor contract renewal';

// browser-side checks as text (these files are compiled for Node, without the DOM's types)
const OVERFLOW = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';
const HEADER_IN_VIEW = `(() => {
  const box = document.querySelector('header.top').getBoundingClientRect();
  return box.top >= 0 && box.bottom > 0 && box.bottom <= window.innerHeight;
})()`;

/** The viewer at a desktop and a phone width: no sideways overflow, the header stays, messages show what they taught. */
describeBrowser('viewer layout at 1280 and 420 px in Chromium (e2e)', () => {
  let t: TestApp;
  let browser: ViewerBrowser;
  let page: Page;

  beforeAll(async () => {
    buildViewer();
    t = await startTestApp();
    const memories = new MemoryApi(t);
    // enough memories that the list is longer than the screen
    for (let i = 1; i <= 30; i++) {
      await memories.remember({
        content: `Project note ${i}: the quarterly infrastructure review covers capacity, cost and reliability`,
        tags: ['work', 'review'],
      });
    }
    // one memory far longer than a row: the list shows its first lines, its detail all of it
    await memories.remember({
      content: `${LONG_NOTE} ${'and the draft budget line '.repeat(80)}end of note`,
      tags: ['long'],
    });
    const chat = new ConversationApi(t);
    await chat.append({ channelId: 'onboarding', content: 'My name is Ada Lovelace', speaker: 'Ada' });
    await chat.append({ channelId: 'onboarding', content: 'Nice to meet you, Ada.', role: 'ASSISTANT' });
    // the page first asks without a key: this server has keys, so a 401 (logged by Chromium)
    browser = await openViewerBrowser(origin(t), /status of 401/);
    page = browser.page;
    await page.goto(`${origin(t)}/viewer/`);
    await page.getByLabel('API key').fill(KEYS.alice);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('table.memories').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.each([1280, 420])('at %i px: no sideways overflow, the header stays when a memory opens', async (width) => {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('tab', { name: 'Memories' }).click();
    await page.locator('table.memories').waitFor();
    expect(await page.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);

    const long = page.locator('table.memories tr', { hasText: LONG_NOTE });
    expect((await long.boundingBox())?.height ?? 0).toBeGreaterThan(0);
    expect((await long.boundingBox())?.height ?? Infinity).toBeLessThan(200);

    // the last memory of the page: opening it scrolls the page down to its details
    await page.locator('table.memories button.link').last().click();
    await page.locator('#detail h2, #detail .detail-head').first().waitFor();
    expect(await page.evaluate('window.scrollY')).toBeGreaterThan(0);
    expect(await page.evaluate(HEADER_IN_VIEW)).toBe(true);
    expect(await page.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, `layout-memory-${width}.png`) });
    await page.keyboard.press('Escape');
    await long.getByRole('button').first().click();
    await page.locator('#detail .memory-content', { hasText: 'end of note' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Channels' }).click();
    await page.getByRole('button', { name: /onboarding/ }).click();
    const learned = page.locator('.message-list .learned');
    await learned.first().waitFor();
    expect(await learned.count()).toBe(1);
    expect(await learned.first().innerText()).toContain('Ada Lovelace');
    expect(await page.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, `layout-messages-${width}.png`), fullPage: true });
    await learned.getByRole('button').first().click();
    await page.locator('#detail').getByText('Ada Lovelace').first().waitFor();
    expect(await page.evaluate(HEADER_IN_VIEW)).toBe(true);
    await page.keyboard.press('Escape');

    expect(browser.problems).toEqual([]);
  });
});
