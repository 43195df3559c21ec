import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsEnabled, launchChromium } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

const OUTPUT_DIR = 'test-output';
type ViewerWindow = { kgmemViewer: { ready: boolean; view: { state: { selected: string | null } } } };

/** The viewer on a phone-sized screen: everything a desktop user does, the graph always drawn. */
describe.runIf(browserTestsEnabled)('viewer on a 390 × 844 screen (kgmem serve + headless Chromium)', () => {
  let dir: { path: string; remove: () => void };
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  /** The width the graph is drawn in, and whether the page scrolls sideways. */
  const layout = () =>
    page.evaluate(() => {
      // The page's own globals (this file is type-checked without the DOM's types).
      const page = globalThis as unknown as {
        document: {
          getElementById(id: string): { getBoundingClientRect(): { width: number } } | null;
          documentElement: { scrollWidth: number };
        };
        innerWidth: number;
      };
      return {
        graph: page.document.getElementById('graph')?.getBoundingClientRect().width ?? 0,
        sideways: page.document.documentElement.scrollWidth > page.innerWidth,
      };
    });

  beforeAll(async () => {
    dir = tempDir('kgmem-phone-');
    const dataDir = join(dir.path, 'data');
    const seeded = await runCli(['demo'], { dataDir });
    expect(seeded.code, seeded.stderr).toBe(0);
    server = await startServe(dataDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}?user=demo-sasako`);
    await page.waitForFunction(
      () => (globalThis as unknown as ViewerWindow).kgmemViewer?.ready === true,
      null,
      {
        timeout: 30_000,
      },
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
    dir?.remove();
  });

  it('draws the graph across the whole width, the controls closed until asked for', async () => {
    expect(await layout()).toEqual({ graph: 390, sideways: false });
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    await page.locator('#sidebar-toggle').click();
    await expect.poll(() => page.locator('#search').isVisible()).toBe(true);
    expect((await layout()).graph).toBe(390);
  });

  it('searches, selects an entity in a panel over the graph, and closes it', async () => {
    await page.fill('#search', 'polar');
    await expect.poll(() => page.locator('#search-results li').count()).toBe(1);
    await page.press('#search', 'Enter');
    await expect.poll(() => page.locator('#panel-title').textContent()).toBe('Polar bear');
    expect(await page.locator('#panel').isVisible()).toBe(true);
    expect(await page.locator('#panel button.correct').count()).toBe(0);
    expect(await layout()).toEqual({ graph: 390, sideways: false });
    await page.locator('#panel .close').click();
    expect(await page.locator('#panel').isVisible()).toBe(false);
  });

  it('recalls, moves the time slider, and opens the console with its table inside the screen', async () => {
    await page.fill('#recall-input', "What food should I bring to Polar bear's party?");
    await page.press('#recall-input', 'Enter');
    await expect.poll(() => page.locator('#recall-facts li').count()).toBeGreaterThan(0);
    const label = await page.locator('#time-label').textContent();
    await page.locator('#time-slider').fill('100');
    await expect.poll(() => page.locator('#time-label').textContent()).not.toBe(label);
    await page.locator('#time-slider').fill('1000');

    await page.locator('#console-toggle').click();
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    await page.fill(
      '#cypher-statement',
      'MATCH (e:Entity) WHERE e.userId = $userId RETURN e.name AS name, e.type AS type',
    );
    await page.locator('#cypher-run').click();
    await expect
      .poll(() => page.locator('#cypher-table tbody tr').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await layout()).toEqual({ graph: 390, sideways: false });
    mkdirSync(OUTPUT_DIR, { recursive: true });
    await page.screenshot({ path: join(OUTPUT_DIR, 'viewer-phone-console.png') });
    expect(errors).toEqual([]);
  });
});
