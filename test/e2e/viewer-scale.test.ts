import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsEnabled, launchChromium } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { crowdTsv } from '../helpers/crowd.js';
import { type ServeProcess, startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

interface ScaleHandle {
  ready: boolean;
  graph: { order: number; size: number };
  view: { state: { selected: string | null } };
  layout: { running: boolean; stop(): void };
  renderer: {
    sigma: {
      getSetting(name: string): unknown;
      getCamera(): { getState(): { x: number; y: number; ratio: number } };
    };
  };
}
type ScaleWindow = { kgmemViewer: ScaleHandle };

describe.runIf(browserTestsEnabled)('viewer at 5,000 entities', () => {
  let dir: { path: string; remove: () => void };
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = tempDir('kgmem-e2e-scale-');
    const dataDir = join(dir.path, 'data');
    const file = join(dir.path, 'crowd.tsv');
    writeFileSync(file, crowdTsv(5000));
    const imported = await runCli(['import', file, '--user', 'crowd'], { dataDir, timeoutMs: 120_000 });
    expect(imported.code, imported.stderr).toBe(0);
    // A user too big to load whole: the viewer opens on a neighbourhood of it.
    const bigFile = join(dir.path, 'big.tsv');
    writeFileSync(bigFile, crowdTsv(6000));
    const bigImport = await runCli(['import', bigFile, '--user', 'big'], { dataDir, timeoutMs: 120_000 });
    expect(bigImport.code, bigImport.stderr).toBe(0);
    server = await startServe(dataDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    page.on('pageerror', (error) => errors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  it('loads all 5,000 entities, hides edges and labels while moving, and keeps answering', async () => {
    await page.goto(`${server.url}?user=crowd`);
    await page.waitForFunction(
      () => (globalThis as unknown as ScaleWindow).kgmemViewer?.ready === true,
      null,
      {
        timeout: 60_000,
      },
    );
    const loaded = await page.evaluate(() => {
      const { graph, renderer } = (globalThis as unknown as ScaleWindow).kgmemViewer;
      return {
        order: graph.order,
        size: graph.size,
        hideEdgesOnMove: renderer.sigma.getSetting('hideEdgesOnMove'),
        hideLabelsOnMove: renderer.sigma.getSetting('hideLabelsOnMove'),
      };
    });
    expect(loaded).toEqual({ order: 5000, size: 9900, hideEdgesOnMove: true, hideLabelsOnMove: true });
    expect(await page.locator('#status').getAttribute('data-visible-nodes')).toBe('5000');

    // Pan by dragging while the layout runs in its worker; the page must keep handling input.
    const before = await page.evaluate(() =>
      (globalThis as unknown as ScaleWindow).kgmemViewer.renderer.sigma.getCamera().getState(),
    );
    const box = await page.locator('#graph').boundingBox();
    if (!box) throw new Error('graph container has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 100, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (globalThis as unknown as ScaleWindow).kgmemViewer.renderer.sigma.getCamera().getState(),
        ),
      )
      .not.toEqual(before);

    await page.fill('#search', 'Person 4242');
    await page.press('#search', 'Enter');
    await expect
      .poll(() => page.locator('#panel-title').textContent(), { timeout: 20_000 })
      .toBe('Person 4242');
    expect(await page.locator('#panel .fact-link').count()).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  it('searches the whole memory as you type, opens a match outside the view as a fresh view, or adds it', async () => {
    await page.goto(`${server.url}?user=big`);
    await page.waitForFunction(
      () => (globalThis as unknown as ScaleWindow).kgmemViewer?.ready === true,
      null,
      {
        timeout: 60_000,
      },
    );
    const order = () => page.evaluate(() => (globalThis as unknown as ScaleWindow).kgmemViewer.graph.order);
    const opened = await order();
    expect(opened).toBeLessThan(6000);

    // Misspelt, and not in the view: only the server's search can suggest it.
    await page.fill('#search', 'Persn 5321');
    const outside = page.locator('#search-results li.outside', { hasText: 'Person 5321' });
    await outside.first().waitFor({ timeout: 10_000 });
    expect(await page.locator('#search-results li').first().textContent()).toMatch(/^Person 5321/);
    await outside.first().dispatchEvent('mousedown');
    await expect
      .poll(() => page.locator('#panel-title').textContent(), { timeout: 20_000 })
      .toBe('Person 5321');
    // A fresh view of its neighbourhood, not the old view plus it.
    expect(await order()).toBeLessThan(opened + 50);
    expect(await page.locator('#panel .fact-link').count()).toBeGreaterThanOrEqual(2);

    // "+" adds another entity's neighbourhood to this view instead.
    const before = await order();
    await page.fill('#search', 'Person 17');
    const add = page
      .locator('#search-results li.outside', { hasText: /^Person 17\+?$/ })
      .locator('.add-to-view');
    await add.first().waitFor({ timeout: 10_000 });
    await add.first().dispatchEvent('mousedown');
    await expect
      .poll(() => page.locator('#panel-title').textContent(), { timeout: 20_000 })
      .toBe('Person 17');
    expect(await order()).toBeGreaterThan(before);
    expect(errors).toEqual([]);
  });
});
