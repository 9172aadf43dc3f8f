import { join } from 'node:path';
import type { Page } from 'playwright-core';

import { OwedEntityLinks } from 'src/entities/owed-entity-links.service';
import { ConversationApi } from 'test/e2e/support/conversation-api';
import { MemoryApi } from 'test/e2e/support/memory-api';
import { ok, origin, rest } from 'test/e2e/support/rest-client';
import { expectData, KEYS, startTestApp } from 'test/e2e/support/test-app';
import type { TestApp } from 'test/e2e/support/test-app';
import {
  buildViewer,
  describeBrowser,
  openViewerBrowser,
  SCREENSHOTS,
  STORED_KEY,
} from 'test/e2e/support/viewer-browser';
import type { ViewerBrowser } from 'test/e2e/support/viewer-browser';

/** Some canvas of the graph has non-transparent pixels: cytoscape drew the nodes. */
const GRAPH_DRAWN = `[...document.querySelectorAll('#graph canvas')].some((canvas) => {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) {
    return false;
  }
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 3; i < pixels.length; i += 4) {
    if (pixels[i] > 0) {
      return true;
    }
  }
  return false;
})`;

jest.setTimeout(120_000);

describeBrowser('memory viewer in Chromium (e2e)', () => {
  let t: TestApp;
  let browser: ViewerBrowser | undefined;
  let page: Page;
  let problems: string[] = [];
  let foreignRequests: string[] = [];
  const ids: Record<string, string> = {};

  async function remember(name: string, content: string, extra: Record<string, unknown> = {}): Promise<void> {
    const result = await new MemoryApi(t).remember({ content, ...extra });
    if (!result.memory) {
      throw new Error(`remember(${content}): ${result.outcome} ${result.reason}`);
    }
    ids[name] = result.memory.id;
  }

  async function shot(name: string): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  beforeAll(async () => {
    buildViewer();
    // the bulletin test expects none stored until its Refresh: no cortex sweep may store one first (30 s after writes)
    t = await startTestApp({ CORTEX_SWEEP_MS: '3600000' });

    await remember('coffee', 'I prefer oat milk in my coffee', { type: 'PREFERENCE', tags: ['drinks'] });
    await remember('tea', 'I drink green tea in the afternoon', { type: 'PREFERENCE', tags: ['drinks'] });
    await remember('falcon', 'Falcon is the payments service', { type: 'FACT', tags: ['work'] });
    await remember('go', 'Falcon is written in Go', { type: 'FACT', tags: ['work'] });
    await remember('argo', 'Go services deploy through Argo CD', { type: 'DECISION', tags: ['work'] });
    await remember('launch', 'Falcon v2 launches on 14 March', { type: 'EVENT', tags: ['work'] });
    await remember('goal', 'Get Falcon PCI certified this year', { type: 'GOAL', tags: ['work'] });
    await remember('todo', 'Renew the Falcon TLS certificate', { type: 'TODO', tags: ['work'] });
    await remember('observation', 'The user often works late on Thursdays', { type: 'OBSERVATION' });
    await remember('pens', 'I collect vintage fountain pens', { type: 'PREFERENCE' });
    await remember('locker', 'My gym locker code is in the blue notebook', { type: 'FACT' });
    for (const [from, to, type] of [
      ['falcon', 'go', 'RELATED_TO'],
      ['go', 'argo', 'RELATED_TO'],
      ['launch', 'falcon', 'PART_OF'],
      ['goal', 'falcon', 'RELATED_TO'],
      ['todo', 'falcon', 'PART_OF'],
    ] as const) {
      const res = await t.gql(`mutation($input: LinkInput!) { link(input: $input) { type } }`, {
        input: { fromId: ids[from], toId: ids[to], type, weight: 0.9 },
      });
      expectData(res, `link ${from} -> ${to}`);
    }
    const chat = new ConversationApi(t);
    const intro = await chat.append({ channelId: 'onboarding', content: 'My name is Ada Lovelace', speaker: 'Ada' });
    ids['name'] = intro.extracted.find((e) => e.memory)?.memory?.id ?? '';
    await chat.append({
      channelId: 'onboarding',
      content: 'Nice to meet you, Ada. How can I help?',
      role: 'ASSISTANT',
    });
    await chat.append({ channelId: 'falcon-standup', content: 'Falcon deploys are green today', role: 'ASSISTANT' });
    await new MemoryApi(t, KEYS.bob).remember({ content: 'Bob keeps his passport in the drawer', type: 'FACT' });

    // a 401 or 404 the API answered on purpose (wrong key, deleted memory) is logged by Chromium as an error
    browser = await openViewerBrowser(origin(t), /status of 40[14]/);
    ({ page, problems, foreignRequests } = browser);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('should serve the page with a self-only Content-Security-Policy, and the login form without an error', async () => {
    const probe = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tenant');
    const response = await page.goto(`${origin(t)}/viewer`);

    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${origin(t)}/viewer/`);
    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // with no key stored the page asks once without one; this server has keys, so: 401, the form, and no error
    expect((await probe).status()).toBe(401);
    await page.getByLabel('API key').waitFor();
    expect(await page.getByRole('alert').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Disconnect' }).isVisible()).toBe(false);
  });

  it('should show a wrong key as an error and stay on the login form', async () => {
    await page.getByLabel('API key').fill('not-the-right-key');
    await page.getByRole('button', { name: 'Connect' }).click();
    const error = page.getByRole('alert');
    await error.waitFor({ state: 'visible' });

    expect(await error.textContent()).toContain('This API key was not accepted');
    expect(await error.textContent()).toContain('ENGRAM_API_KEYS');
    expect(await page.getByLabel('API key').isVisible()).toBe(true);
    expect(await page.evaluate<string | null>(STORED_KEY)).toBeNull();
    await shot('01-wrong-key');
  });

  it('should log in with a key kept in sessionStorage, never in the URL, and list the memories', async () => {
    await page.getByLabel('API key').fill(KEYS.alice);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('table.memories tbody tr').first().waitFor();

    expect(await page.getByRole('alert').isVisible()).toBe(false);
    expect(await page.evaluate<string | null>(STORED_KEY)).toBe(KEYS.alice);
    expect(page.url()).not.toContain(KEYS.alice);
    expect(await page.locator('#memories-summary').textContent()).toContain('12 memories');
    expect(await page.locator('table.memories').textContent()).not.toContain('passport');
    expect(await page.locator('#session-label').textContent()).toBe('Tenant alice');
    expect(await page.locator('#keyless-note').isVisible()).toBe(false);
    await shot('02-memories');
  });

  it('should page through the memories', async () => {
    await page.getByLabel('Per page').selectOption('10');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // the first page already said "page 1": wait for the 11th row to go instead
    await page.locator('table.memories tbody tr').nth(10).waitFor({ state: 'detached' });
    expect(await page.locator('table.memories tbody tr').count()).toBe(10);

    await page.getByRole('button', { name: 'Next →' }).click();
    await page.locator('#memories-summary', { hasText: 'page 2' }).waitFor();
    expect(await page.locator('table.memories tbody tr').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Next →' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: '← Previous' }).click();
    await page.locator('#memories-summary', { hasText: 'page 1' }).waitFor();
  });

  it('should filter by type and by tag', async () => {
    await page.getByLabel('Type').selectOption('PREFERENCE');
    await page.getByLabel('Tags').fill('drinks');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // anchored: the unfiltered summary, "12 memories · page 1", contains "2 memories" too
    await page.locator('#memories-summary', { hasText: /^2 memories/ }).waitFor();

    const chips = await page.locator('table.memories tbody .chip').allTextContents();
    expect(chips).toEqual(['Preference', 'Preference']);
    expect(await page.locator('table.memories').textContent()).toContain('oat milk');
    await shot('03-filtered');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('#memories-summary', { hasText: '12 memories' }).waitFor();
  });

  it('should search with the hybrid pipeline and show each hit’s score breakdown', async () => {
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByLabel('Search for').fill('what is the falcon payments service written in');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.hit').first().waitFor();

    const first = page.locator('.hit').first();
    expect(await first.locator('button.link').textContent()).toMatch(/Falcon/);
    expect(await first.locator('table.breakdown th').allTextContents()).toEqual(
      expect.arrayContaining(['Full text (BM25)', 'Vector (cosine)', 'Relevance', 'Recency']),
    );
    expect(await first.locator('.score').textContent()).toMatch(/^\d\.\d{3}$/);
    await shot('04-search');
  });

  it('should open a memory with its provenance, associations and a drawn neighbourhood graph', async () => {
    await page.getByRole('tab', { name: 'Memories' }).click();
    await page.getByRole('button', { name: 'Falcon is the payments service' }).click();
    const detail = page.getByRole('complementary', { name: 'Memory details' });
    await detail.locator('#graph canvas').first().waitFor();

    expect(await detail.locator('.memory-content').textContent()).toBe('Falcon is the payments service');
    expect(await detail.locator('.associations li').count()).toBe(4);
    expect(await detail.locator('#provenance').textContent()).toContain('USER');
    // the canvas has drawn pixels: nodes for the memory and its neighbourhood
    await page.waitForFunction(GRAPH_DRAWN);
    // and all of it is in the 1400×900 window as the memory opens, without scrolling to it
    const box = await page.evaluate<{ top: number; bottom: number }>(
      "(() => { const r = document.querySelector('#graph').getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; })()",
    );
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(900);
    await shot('05-detail-graph');
  });

  it('should show where an extracted memory came from: role, channel and message', async () => {
    await page.getByRole('button', { name: 'My name is Ada Lovelace' }).first().click();
    const provenance = page.locator('#provenance');
    await provenance.locator('blockquote').waitFor();

    expect(await provenance.textContent()).toContain('onboarding');
    expect(await provenance.locator('blockquote').textContent()).toContain('My name is Ada Lovelace');
    await shot('06-provenance');
  });

  it('should forget a memory', async () => {
    await page.getByRole('button', { name: 'I collect vintage fountain pens' }).click();
    await page.locator('.memory-content', { hasText: 'fountain pens' }).waitFor();
    await page.getByRole('button', { name: 'Forget', exact: true }).click();
    await page.locator('#detail .chips .badge', { hasText: 'FORGOTTEN' }).waitFor();

    const stored = await ok<{ memory: { status: string } }>(t, `/api/memories/${ids['pens']}`);
    expect(stored.memory.status).toBe('FORGOTTEN');
    await page.locator('#memories-summary', { hasText: '11 memories' }).waitFor();
    expect(await page.locator('table.memories').textContent()).not.toContain('fountain pens');
    await shot('07-forgotten');
  });

  it('should delete a memory after a confirmation', async () => {
    await page.getByRole('button', { name: 'My gym locker code is in the blue notebook' }).click();
    await page.locator('.memory-content', { hasText: 'locker code' }).waitFor();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.locator('#detail').waitFor({ state: 'hidden' });

    expect((await rest(t, `/api/memories/${ids['locker']}`)).status).toBe(404);
    await page.locator('#memories-summary', { hasText: '10 memories' }).waitFor();
  });

  it("should read the bulletin and refresh it, with the tenant's owed work below", async () => {
    await page.getByRole('tab', { name: 'Bulletin' }).click();
    await page.getByText('No bulletin yet').waitFor();
    // the conversation's message vectors came with the hash embedder at once: nothing is owed
    await page.getByRole('region', { name: 'Owed work' }).getByText('Nothing owed').waitFor();
    await page.getByRole('button', { name: 'Refresh bulletin' }).click();
    await page.locator('.bulletin-text').waitFor();

    expect(await page.locator('.bulletin-text').textContent()).toContain('Ada Lovelace');
    // markdown rendered: headings and list items, each citation a link to its memory
    expect(await page.locator('.bulletin-text h4').count()).toBeGreaterThan(0);
    expect(await page.locator('.bulletin-text li').count()).toBeGreaterThan(3);
    expect(await page.locator('.bulletin-text').textContent()).not.toContain('## ');
    await shot('08-bulletin');
    const cited = page.locator('.bulletin-text li', { hasText: 'Ada Lovelace' }).locator('button.citation');
    await cited.click();
    await page.locator('.memory-content', { hasText: 'Ada Lovelace' }).waitFor();
    await page.getByRole('button', { name: 'Close memory details' }).click();
  });

  it('should browse channels and their messages', async () => {
    await page.getByRole('tab', { name: 'Channels' }).click();
    await page.getByRole('button', { name: /onboarding/ }).click();
    await page.locator('.message-list > li').first().waitFor();

    expect(await page.locator('.message-list > li').allTextContents()).toEqual([
      expect.stringContaining('My name is Ada Lovelace'),
      expect.stringContaining('Nice to meet you, Ada'),
    ]);
    expect(await page.getByRole('button', { name: /falcon-standup/ }).isVisible()).toBe(true);
    await shot('09-channels');
  });

  it('should list the entities the memories mention and open one with its memories and related entities', async () => {
    // written now, so the counts the tests above check stay as they were
    await remember('sister', 'My sister Ana moved to Lisbon', { type: 'FACT' });
    await remember('chemistry', 'Ana Silva teaches chemistry in Porto', { type: 'FACT' });
    // entity links follow the write (on Neo4j each is a few round trips): the page reads them once they are made
    await t.app.get(OwedEntityLinks).settled();
    await page.getByRole('tab', { name: 'Entities' }).click();
    const ana = page.locator('table.entities-table tbody tr', { hasText: 'Ana' });
    await ana.waitFor();

    // one person written two ways: "Ana", then "Ana Silva" (a full name of her first name) is an alias
    expect(await ana.locator('td').allTextContents()).toEqual(['Person', 'Ana', 'Ana Silva', '2']);
    const rows = await page.locator('table.entities-table tbody tr').allTextContents();
    expect(rows).toEqual(expect.arrayContaining(['PlaceLisbon—1', 'PlacePorto—1']));
    // Bob's memory is another tenant's
    expect(rows.join(' ')).not.toContain('Bob');

    await ana.getByRole('button', { name: 'Ana' }).click();
    const detail = page.locator('.entity-detail');
    await detail.locator('#entity-name', { hasText: 'Ana' }).waitFor();
    expect(await detail.locator('.entity-memories li').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('My sister Ana moved to Lisbon'),
        expect.stringContaining('Ana Silva teaches chemistry in Porto'),
      ]),
    );
    expect(await detail.locator('.entity-memories li').count()).toBe(2);
    expect((await detail.locator('.entity-related li').allTextContents()).sort()).toEqual([
      'Place Lisbon · 1 shared memory',
      'Place Porto · 1 shared memory',
    ]);
    await shot('11-entities');

    // a related entity opens in its turn, and its memory in the detail panel
    await detail.getByRole('button', { name: 'Lisbon', exact: true }).click();
    await detail.locator('#entity-name', { hasText: 'Lisbon' }).waitFor();
    expect(await detail.locator('.entity-memories li').allTextContents()).toEqual([
      expect.stringContaining('My sister Ana moved to Lisbon'),
    ]);
    await detail.getByRole('button', { name: 'My sister Ana moved to Lisbon' }).click();
    await page.locator('.memory-content', { hasText: 'My sister Ana moved to Lisbon' }).waitFor();
    await page.getByRole('button', { name: 'Close memory details' }).click();
  });

  it('should move between tabs with the arrow keys', async () => {
    await page.getByRole('tab', { name: 'Entities' }).focus();
    await page.keyboard.press('ArrowRight');

    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('tab-memories');
    expect(await page.getByRole('tab', { name: 'Memories' }).getAttribute('aria-selected')).toBe('true');
  });

  it('should open a memory with the keyboard and give the focus back when Escape closes it', async () => {
    const opener = page.getByRole('button', { name: 'Falcon is written in Go' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.locator('.memory-content', { hasText: 'Falcon is written in Go' }).waitFor();

    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('detail');
    await page.keyboard.press('Escape');
    await page.locator('#detail').waitFor({ state: 'hidden' });
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(
      'Falcon is written in Go',
    );
  });

  it('should forget the key on disconnect', async () => {
    await page.getByRole('button', { name: 'Disconnect' }).click();

    expect(await page.evaluate<string | null>(STORED_KEY)).toBeNull();
    expect(await page.getByLabel('API key').isVisible()).toBe(true);
  });

  it('should have loaded nothing from another origin and broken no rule of the page (CSP, script errors)', () => {
    expect(foreignRequests).toEqual([]);
    expect(problems).toEqual([]);
  });
});
