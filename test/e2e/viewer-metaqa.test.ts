import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsEnabled, launchChromium } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Where screenshots go (gitignored; the ones in docs/ are copies of a run). */
const OUTPUT_DIR = 'test-output';
const SLICE = join(import.meta.dirname, '../fixtures/metaqa/kb-slice.tsv.gz');

interface MetaqaHandle {
  ready: boolean;
  graph: {
    order: number;
    size: number;
    nodes(): string[];
    hasNode(node: string): boolean;
    getNodeAttribute(node: string, name: string): unknown;
  };
  view: { state: { selected: string | null; highlight: { nodes: Set<string> } | null } };
  layout: { running: boolean; stop(): void };
  renderer: {
    sigma: {
      getCamera(): {
        getState(): { x: number; y: number; ratio: number };
        setState(state: { x: number; y: number; ratio: number }): void;
        isAnimated(): boolean;
      };
      getNodeDisplayData(node: string): { x: number; y: number } | undefined;
      framedGraphToViewport(point: { x: number; y: number }): { x: number; y: number };
      getDimensions(): { width: number; height: number };
      refresh(): void;
    };
  };
}
type MetaqaWindow = { kgmemViewer: MetaqaHandle };

describe.runIf(browserTestsEnabled)('viewer on a 20,000-fact MetaQA slice (1280×720)', () => {
  let dir: { path: string; remove: () => void };
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  /** Runs `fn` in the page with the viewer's handle (`window.kgmemViewer`). */
  const handle = <T>(fn: (viewer: MetaqaHandle) => T): Promise<T> =>
    page.evaluate(`(${fn.toString()})(globalThis.kgmemViewer)`) as Promise<T>;
  const labels = () =>
    page.evaluate(() => {
      const { graph } = (globalThis as unknown as MetaqaWindow).kgmemViewer;
      return graph.nodes().map((n) => String(graph.getNodeAttribute(n, 'label')));
    });
  const shot = async (name: string) => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    await page.evaluate(() => (globalThis as unknown as MetaqaWindow).kgmemViewer.renderer.sigma.refresh());
    await page.screenshot({ path: join(OUTPUT_DIR, name) });
  };
  /** Lets the layout settle (stopped after a bounded wait), so screenshots and positions are stable. */
  const settle = async () => {
    await page
      .waitForFunction(() => !(globalThis as unknown as MetaqaWindow).kgmemViewer.layout.running, null, {
        timeout: 8_000,
      })
      .catch(() => page.evaluate(() => (globalThis as unknown as MetaqaWindow).kgmemViewer.layout.stop()));
    // Labels are left out while the camera moves, and a settled layout flies to the selected
    // entity: wait until the camera has rested for three checks in a row (bounded).
    let resting = 0;
    for (let i = 0; i < 40 && resting < 3; i++) {
      const moving = await page.evaluate(() =>
        (globalThis as unknown as MetaqaWindow).kgmemViewer.renderer.sigma.getCamera().isAnimated(),
      );
      resting = moving ? 0 : resting + 1;
      await page.waitForTimeout(200);
    }
  };

  beforeAll(async () => {
    dir = tempDir('kgmem-e2e-metaqa-');
    const dataDir = join(dir.path, 'data');
    const file = join(dir.path, 'kb-slice.tsv');
    writeFileSync(file, gunzipSync(readFileSync(SLICE)));
    const imported = await runCli(['import', file, '--user', 'movies'], { dataDir, timeoutMs: 240_000 });
    expect(imported.code, imported.stderr).toBe(0);
    server = await startServe(dataDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('pageerror', (error) => errors.push(error.message));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir?.remove();
  });

  it('opens on a well-connected entity, not a mega-hub, and says what it shows', async () => {
    await page.goto(`${server.url}?user=movies`);
    await page.waitForFunction(
      () => (globalThis as unknown as MetaqaWindow).kgmemViewer?.ready === true,
      null,
      {
        timeout: 60_000,
      },
    );
    const order = await handle((v) => v.graph.order);
    expect(order).toBeGreaterThan(5);
    expect(order).toBeLessThan(200);
    expect(await page.locator('#view-note').textContent()).toMatch(
      /^Showing .+ and its neighbours: \d+ of [\d,]+ entities/,
    );
    // The sidebar's last buttons are reachable at 1280×720.
    await page.locator('#export-json').scrollIntoViewIfNeeded();
    expect(await page.locator('#export-json').isVisible()).toBe(true);
    await settle();
    await shot('viewer-metaqa-open.png');
  });

  it('search "incep" opens Inception as a fresh view with its director, and names the facts', async () => {
    await page.fill('#search', 'incep');
    const suggestion = page.locator('#search-results li', { hasText: /^Inception\+?$/ });
    await suggestion.first().waitFor({ timeout: 10_000 });
    await suggestion.first().dispatchEvent('mousedown');
    await expect
      .poll(() => page.locator('#panel-title').textContent(), { timeout: 20_000 })
      .toBe('Inception');
    // MetaQA's tag "christopher nolan" and the director are one entity (names fold to one key).
    const lower = async () => (await labels()).map((l) => l.toLowerCase());
    await expect.poll(lower).toContain('christopher nolan');
    expect(await lower()).toContain('leonardo dicaprio');
    // The panel lists the single director before the many tags.
    const groups = await page.locator('#panel .fact-group h3').allTextContents();
    expect(groups.findIndex((g) => g.startsWith('directed_by'))).toBeLessThan(
      groups.findIndex((g) => g.startsWith('has_tags')),
    );
    await settle();
    await shot('viewer-metaqa-inception.png');
  });

  it('colours facts by predicate and sizes entities by mentions on request, with the legend', async () => {
    const edgeColours = () =>
      page.evaluate(() => {
        const { graph, renderer } = (globalThis as unknown as MetaqaWindow).kgmemViewer as unknown as {
          graph: { edges(): string[] };
          renderer: { sigma: { getEdgeDisplayData(e: string): { color: string } | undefined } };
        };
        return [...new Set(graph.edges().map((e) => renderer.sigma.getEdgeDisplayData(e)?.color))];
      });
    await page.locator('#panel button.close').click();
    await page.selectOption('#edge-colour', 'predicate');
    await expect.poll(async () => (await edgeColours()).length).toBeGreaterThan(2);
    expect(await page.locator('#predicate-filter .swatch').count()).toBeGreaterThan(2);
    expect(page.url()).toContain('colour=predicate');
    const sizeOf = (name: string) =>
      page.evaluate((label) => {
        const { graph, renderer } = (globalThis as unknown as MetaqaWindow).kgmemViewer;
        const node = graph.nodes().find((n) => graph.getNodeAttribute(n, 'label') === label) as string;
        return (renderer.sigma.getNodeDisplayData(node) as unknown as { size: number }).size;
      }, name);
    const byDegree = await sizeOf('Inception');
    await page.selectOption('#node-size', 'mentions');
    await expect.poll(() => sizeOf('Inception')).not.toBe(byDegree);
    await page.selectOption('#node-size', 'degree');
    await page.selectOption('#edge-colour', 'plain');
    await expect.poll(async () => (await edgeColours()).length).toBeLessThanOrEqual(2);
  });

  it('pages a hub predicate by predicate: "+K more" adds the next neighbours', async () => {
    await page.fill('#search', 'Drama');
    const drama = page.locator('#search-results li', { hasText: /^Drama\+?$/ });
    await drama.first().waitFor({ timeout: 10_000 });
    await drama.first().dispatchEvent('mousedown');
    await expect.poll(() => page.locator('#panel-title').textContent(), { timeout: 20_000 }).toBe('Drama');
    const group = page.locator('#panel .fact-group', { hasText: '← has_genre' });
    const more = group.locator('.page-in');
    const before = await handle((v) => v.graph.order);
    const label = (await more.textContent()) ?? '';
    const remaining = Number(label.match(/^\+(\d+) more$/)?.[1]);
    expect(remaining).toBeGreaterThan(12);
    await more.click();
    await expect.poll(() => handle((v) => v.graph.order)).toBeGreaterThan(before);
    expect(await more.textContent()).toBe(`+${remaining - 12} more`);
    const after = await handle((v) => v.graph.order);
    await more.click();
    await expect.poll(() => handle((v) => v.graph.order)).toBeGreaterThan(after);

    // The hub's edges are all drawn, but at most 12 are named, spread around it: no pile of labels.
    const hubLabels = () =>
      page.evaluate(() => {
        const { graph, renderer, view } = (globalThis as unknown as MetaqaWindow).kgmemViewer as unknown as {
          graph: { edges(): string[]; source(e: string): string; target(e: string): string };
          renderer: {
            sigma: { refresh(): void; getEdgeDisplayData(e: string): { label?: string } | undefined };
          };
          view: { state: { selected: string | null } };
        };
        renderer.sigma.refresh();
        const hub = view.state.selected;
        const edges = graph.edges().filter((e) => graph.source(e) === hub || graph.target(e) === hub);
        const named = edges.filter((e) => renderer.sigma.getEdgeDisplayData(e)?.label);
        return { edges: edges.length, named: named.length };
      });
    await expect.poll(async () => (await hubLabels()).named, { timeout: 10_000 }).toBeGreaterThan(0);
    const { edges, named } = await hubLabels();
    expect(edges).toBeGreaterThan(24);
    expect(named).toBeLessThanOrEqual(12);
  });

  it('expands an entity by one predicate only: the starred actors of a film', async () => {
    await page.fill('#search', 'The Prestige');
    const film = page.locator('#search-results li', { hasText: /^The Prestige\+?$/ });
    await film.first().waitFor({ timeout: 10_000 });
    await film.first().dispatchEvent('mousedown');
    await expect
      .poll(() => page.locator('#panel-title').textContent(), { timeout: 20_000 })
      .toBe('The Prestige');
    const actors = page.locator('#panel .fact-group', { hasText: 'starred_actors →' });
    const names = (await actors.locator('.fact-link').allTextContents()).map((s) =>
      s.replace(/^The Prestige starred actors /, ''),
    );
    expect(names.length).toBeGreaterThan(0);
    const button = actors.locator('.page-in');
    if ((await button.textContent()) !== 'all in view') await button.click();
    await expect.poll(labels).toEqual(expect.arrayContaining(names));
  });

  it('a recall fits the camera to its facts', async () => {
    // Nothing selected, the layout still; looking closely at a corner: without a fit the
    // recalled facts would be off screen.
    await page.locator('#panel button.close').click();
    await settle();
    await handle((v) => v.renderer.sigma.getCamera().setState({ x: 0.02, y: 0.02, ratio: 0.05 }));
    await page.waitForTimeout(300);
    expect(await handle((v) => v.renderer.sigma.getCamera().getState().ratio)).toBe(0.05);
    await page.fill('#recall-input', 'who directed Inception');
    await page.press('#recall-input', 'Enter');
    await expect.poll(() => page.locator('#recall-facts li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await settle();
    const onScreen = await handle((v) => {
      const nodes = [...(v.view.state.highlight?.nodes ?? [])];
      const { width, height } = v.renderer.sigma.getDimensions();
      // The recalled facts' entities in the view (display data: positions framed to the graph).
      return nodes.flatMap((node) => {
        const data = v.renderer.sigma.getNodeDisplayData(node);
        if (!data) return [];
        const point = v.renderer.sigma.framedGraphToViewport(data);
        return [point.x >= 0 && point.x <= width && point.y >= 0 && point.y <= height];
      });
    });
    expect(onScreen.length).toBeGreaterThan(0);
    // The camera left the corner it was put in.
    expect(await handle((v) => v.renderer.sigma.getCamera().getState().ratio)).toBeGreaterThan(0.05);
    expect(onScreen.every(Boolean)).toBe(true);
    await shot('viewer-metaqa-recall.png');
    await page.locator('#recall-result button', { hasText: 'Clear' }).click();
  });

  it('runs Cypher in the browser: a table and a graph; a CREATE without the token is refused', async () => {
    await page.locator('#console-toggle').click();
    await page.fill(
      '#cypher-statement',
      "MATCH (s:Entity)-[f:FACT]->(o:Entity) WHERE f.userId = $userId AND s.name = 'Inception' RETURN s, f, o ORDER BY f.statement LIMIT 8",
    );
    await page.locator('#cypher-run').click();
    await expect.poll(() => page.locator('#cypher-table tbody tr').count(), { timeout: 10_000 }).toBe(8);
    await expect.poll(() => handle((v) => v.graph.size)).toBe(8);
    await settle();
    await shot('viewer-metaqa-cypher.png');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.fill(
      '#cypher-statement',
      "CREATE (:Entity {uid: 'e2e-x', userId: 'movies', name: 'Injected'})",
    );
    await page.locator('#cypher-run').click();
    await expect
      .poll(() => page.locator('#cypher-result .error').textContent())
      .toMatch(/CREATE changes the database; nothing was run/);
    const found = await (await fetch(`${server.url}api/users/movies/search?q=Injected`)).json();
    expect((found as { entities: unknown[] }).entities).toEqual([]);
    expect(errors).toEqual([]);
  });
});
