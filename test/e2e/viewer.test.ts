import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import { createApp } from '../../src/server/app.js';
import { browserTestsEnabled, launchChromium } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Where screenshots go (gitignored). */
const OUTPUT_DIR = 'test-output';

/** What the viewer exposes on `window.kgmemViewer` for scripts. */
interface ViewerHandle {
  ready: boolean;
  graph: {
    order: number;
    size: number;
    nodes(): string[];
    edges(): string[];
    getNodeAttribute(node: string, name: string): unknown;
    getEdgeAttribute(edge: string, name: string): unknown;
    degree(node: string): number;
    source(edge: string): string;
    target(edge: string): string;
  };
  view: {
    state: {
      selected: string | null;
      hovered: string | null;
      asOf: number | null;
      highlight: { edges: Set<string> } | null;
    };
  };
  renderer: {
    edgeMode(edge: string): string;
    sigma: {
      graphToViewport(point: { x: number; y: number }): { x: number; y: number };
      getCamera(): { getState(): { x: number; y: number; ratio: number }; isAnimated(): boolean };
      getNodeDisplayData(node: string): { x: number; y: number } | undefined;
      getEdgeDisplayData(edge: string): { hidden: boolean; color: string; type: string } | undefined;
    };
  };
  timeline: { stepFor(time: number): number };
  layout: { running: boolean };
}
type ViewerWindow = { kgmemViewer: ViewerHandle };

if (!browserTestsEnabled) {
  console.warn(
    'viewer end-to-end tests skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)',
  );
}

describe.runIf(browserTestsEnabled)('viewer end to end (kgmem serve + headless Chromium)', () => {
  let dir: { path: string; remove: () => void };
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;
  let expectedNodes: number;
  const errors: string[] = [];

  /** A fact edge's key by its statement. */
  const edgeByStatement = (statement: string) =>
    page.evaluate((text) => {
      const { graph } = (globalThis as unknown as ViewerWindow).kgmemViewer;
      return graph.edges().find((e) => graph.getEdgeAttribute(e, 'statement') === text) ?? null;
    }, statement);

  const nodeByLabel = (label: string) =>
    page.evaluate((text) => {
      const { graph } = (globalThis as unknown as ViewerWindow).kgmemViewer;
      return graph.nodes().find((n) => graph.getNodeAttribute(n, 'label') === text) ?? null;
    }, label);

  const selected = () =>
    page.evaluate(() => (globalThis as unknown as ViewerWindow).kgmemViewer.view.state.selected);

  async function openViewer(query: string): Promise<void> {
    await page.goto(`${server.url}${query}`);
    await page.waitForFunction(
      () => (globalThis as unknown as ViewerWindow).kgmemViewer?.ready === true,
      null,
      {
        timeout: 30_000,
      },
    );
  }

  beforeAll(async () => {
    dir = tempDir('kgmem-e2e-');
    const dataDir = join(dir.path, 'data');
    const seeded = await runCli(['demo'], { dataDir });
    expect(seeded.code, seeded.stderr).toBe(0);
    server = await startServe(dataDir);
    const view = (await (await fetch(`${server.url}api/users/demo-sasako/graph?history=true`)).json()) as {
      nodes: unknown[];
    };
    expectedNodes = view.nodes.length;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 }, acceptDownloads: true });
    page.on('pageerror', (error) => errors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    expect(code).toBe(0);
    dir?.remove();
  });

  it('loads the user graph with every entity and fact', async () => {
    await openViewer('?user=demo-sasako');
    expect(expectedNodes).toBe(9);
    const status = page.locator('#status');
    await expect.poll(() => status.getAttribute('data-total-nodes')).toBe(String(expectedNodes));
    expect(await status.getAttribute('data-visible-nodes')).toBe(String(expectedNodes));
    // 8 facts stored, one of them closed: 7 drawn now.
    expect(await status.getAttribute('data-visible-edges')).toBe('7');
    expect(await page.locator('#user-picker').inputValue()).toBe('demo-sasako');
    expect(await page.locator('#type-legend li').count()).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  it('search flies to an entity, selects it and lists its facts in the panel', async () => {
    const polar = await nodeByLabel('Polar bear');
    await page.fill('#search', 'polar');
    await expect.poll(() => page.locator('#search-results li').count()).toBe(1);
    await page.press('#search', 'Enter');
    await expect.poll(selected).toBe(polar);
    await expect.poll(() => page.locator('#panel-title').textContent()).toBe('Polar bear');
    const facts = await page.locator('#panel .fact-link').allTextContents();
    expect(facts.sort()).toEqual([
      'Polar bear is allergic to peanuts',
      'Polar bear likes Pizza',
      "User's friend is Polar bear",
    ]);
    expect(await page.locator('#panel .source .thread').first().textContent()).toContain('thread-1');
    // A server started without a token takes no writes: no close or delete is offered.
    expect(await page.locator('#panel button.correct').count()).toBe(0);
    // The camera ends centred on the entity.
    await expect
      .poll(() =>
        page.evaluate((node) => {
          const { sigma } = (globalThis as unknown as ViewerWindow).kgmemViewer.renderer;
          const camera = sigma.getCamera().getState();
          const data = sigma.getNodeDisplayData(node);
          return data ? Math.hypot(camera.x - data.x, camera.y - data.y) < 0.01 : false;
        }, polar ?? ''),
      )
      .toBe(true);
    expect(page.url()).toContain(`entity=${polar}`);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as ViewerWindow).kgmemViewer.layout.running), {
        timeout: 20_000,
      })
      .toBe(false);
    // Labels are hidden while the camera moves: let it come to rest first.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (globalThis as unknown as ViewerWindow).kgmemViewer.renderer.sigma.getCamera().isAnimated(),
        ),
      )
      .toBe(false);
    await page.waitForTimeout(300);
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const shot = join(OUTPUT_DIR, 'viewer-demo-selected.png');
    await page.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(20_000);
  });

  it('clicking a fact in the panel selects the entity at its other end', async () => {
    const pizza = await nodeByLabel('Pizza');
    await page.locator('#panel .fact-link', { hasText: 'Polar bear likes Pizza' }).click();
    await expect.poll(selected).toBe(pizza);
    // The keyboard works too: arrow down through suggestions, Enter picks.
    await page.fill('#search', 'a');
    // The view's own suggestions come at once, the server's a moment later: wait for the final list.
    await page.locator('#search-results[data-settled="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#search-results li').count()).toBeGreaterThan(1);
    const second = await page.locator('#search-results li').nth(1).getAttribute('data-node');
    await page.press('#search', 'ArrowDown');
    await page.press('#search', 'ArrowDown');
    await page.press('#search', 'Enter');
    await expect.poll(selected).toBe(second);
    await page.locator('#search').fill('Pizza');
    await page.press('#search', 'Enter');
    await expect.poll(selected).toBe(pizza);
    await expect.poll(() => page.locator('#panel-title').textContent()).toBe('Pizza');
  });

  it('clicking a node on the canvas selects it; hovering one highlights its facts', async () => {
    await page.locator('#fit-view').click();
    await page.waitForTimeout(600);
    // The node drawn farthest from every other one (a force layout may put two nodes on one
    // spot), with one fact touching it and one fact that does not; where sigma draws it.
    const target = await page.evaluate(() => {
      const { renderer, graph } = (globalThis as unknown as ViewerWindow).kgmemViewer;
      const at = (key: string) =>
        renderer.sigma.graphToViewport({
          x: graph.getNodeAttribute(key, 'x') as number,
          y: graph.getNodeAttribute(key, 'y') as number,
        });
      const nodes = graph.nodes().filter((n) => graph.degree(n) > 0);
      let best: { node: string; gap: number } | undefined;
      for (const node of nodes) {
        const p = at(node);
        let gap = Number.POSITIVE_INFINITY;
        for (const other of graph.nodes()) {
          if (other === node) continue;
          const q = at(other);
          gap = Math.min(gap, Math.hypot(p.x - q.x, p.y - q.y));
        }
        const far = graph.edges().some((e) => graph.source(e) !== node && graph.target(e) !== node);
        if (far && (!best || gap > best.gap)) best = { node, gap };
      }
      if (!best) return null;
      const node = best.node;
      return {
        node,
        label: graph.getNodeAttribute(node, 'label') as string,
        spot: at(node),
        near: graph.edges().find((e) => graph.source(e) === node || graph.target(e) === node) ?? '',
        far: graph.edges().find((e) => graph.source(e) !== node && graph.target(e) !== node) ?? '',
      };
    });
    if (!target) throw new Error('no node with facts on the canvas');
    const box = await page.locator('#graph').boundingBox();
    if (!box) throw new Error('the graph container has no box');
    await page.mouse.move(box.x + target.spot.x, box.y + target.spot.y);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as ViewerWindow).kgmemViewer.view.state.hovered))
      .toBe(target.node);
    const colors = await page.evaluate(
      ([near, far]) => {
        const { sigma } = (globalThis as unknown as ViewerWindow).kgmemViewer.renderer;
        return [sigma.getEdgeDisplayData(near ?? '')?.color, sigma.getEdgeDisplayData(far ?? '')?.color];
      },
      [target.near, target.far],
    );
    // The hovered entity's fact is drawn dark and labelled; the others are dimmed.
    expect(colors).toEqual(['#3d4451', '#eceef1']);
    await page.mouse.click(box.x + target.spot.x, box.y + target.spot.y);
    await expect.poll(selected).toBe(target.node);
    await expect.poll(() => page.locator('#panel-title').textContent()).toBe(target.label);
    await page.mouse.move(box.x + 5, box.y + 5);
  });

  it('moving the time slider before a fact was said hides it; history shows closed facts faded', async () => {
    const kyoto = await edgeByStatement('User lives in Kyoto');
    const osaka = await edgeByStatement('User lives in Osaka');
    expect(kyoto && osaka).toBeTruthy();
    const edgeState = (edge: string) =>
      page.evaluate((key) => {
        const { renderer } = (globalThis as unknown as ViewerWindow).kgmemViewer;
        return {
          mode: renderer.edgeMode(key),
          hidden: renderer.sigma.getEdgeDisplayData(key)?.hidden ?? true,
        };
      }, edge);
    expect(await edgeState(kyoto ?? '')).toEqual({ mode: 'current', hidden: false });
    expect(await edgeState(osaka ?? '')).toEqual({ mode: 'hidden', hidden: true });

    // 2026-05-01: after Osaka was said, before the move to Kyoto (2026-07-19).
    const step = await page.evaluate(
      (time) => (globalThis as unknown as ViewerWindow).kgmemViewer.timeline.stepFor(time),
      Date.parse('2026-05-01T00:00:00Z'),
    );
    await page.locator('#time-slider').fill(String(step));
    await expect.poll(() => edgeState(kyoto ?? '')).toEqual({ mode: 'hidden', hidden: true });
    expect(await edgeState(osaka ?? '')).toEqual({ mode: 'current', hidden: false });
    expect(await page.locator('#time-label').textContent()).toMatch(/^2026-0[45]/);
    expect(page.url()).toContain('asOf=2026-0');

    await page.locator('#time-slider').fill('1000');
    await page.locator('#show-history').check();
    await expect.poll(() => edgeState(osaka ?? '')).toEqual({ mode: 'history', hidden: false });
    // Closed facts are drawn with the dashed edge program.
    expect(
      await page.evaluate(
        (key) =>
          (globalThis as unknown as ViewerWindow).kgmemViewer.renderer.sigma.getEdgeDisplayData(key)?.type,
        osaka ?? '',
      ),
    ).toBe('dashed');
    await page.locator('#show-history').uncheck();
  });

  it('shows the profile card: home, work and friend; as of an earlier date the old home; a value opens its entity', async () => {
    await openViewer('?user=demo-sasako');
    const card = page.locator('#profile-card');
    await expect.poll(() => card.locator('h2').textContent()).toBe('Profile');
    const valuesOf = (field: string) =>
      card
        .locator('dt', { hasText: new RegExp(`^${field}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
    expect(await valuesOf('home')).toBe('Kyoto');
    expect(await valuesOf('employer')).toBe('Kyoto Aquarium');
    expect(await valuesOf('friends')).toBe('Polar bear likes Pizza; allergies peanuts');

    const step = await page.evaluate(
      (time) => (globalThis as unknown as ViewerWindow).kgmemViewer.timeline.stepFor(time),
      Date.parse('2026-05-01T00:00:00Z'),
    );
    await page.locator('#time-slider').fill(String(step));
    await expect.poll(() => card.locator('h2').textContent()).toMatch(/^Profile as of 2026-0[45]/);
    await expect.poll(() => valuesOf('home')).toBe('Osaka');
    expect(await card.locator('dt', { hasText: /^employer$/ }).count()).toBe(0);
    await page.locator('#time-slider').fill('1000');
    await expect.poll(() => valuesOf('home')).toBe('Kyoto');

    await card.getByRole('button', { name: 'Polar bear' }).click();
    await expect.poll(selected).toBe(await nodeByLabel('Polar bear'));
    await page.screenshot({ path: join(OUTPUT_DIR, 'viewer-profile.png') });
    expect(errors).toEqual([]);
  });

  it('a recall query highlights the facts and entities it returns', async () => {
    await page.fill('#recall-input', "What food should I bring to Polar bear's party?");
    await page.press('#recall-input', 'Enter');
    await expect.poll(() => page.locator('#recall-facts li').count()).toBeGreaterThan(0);
    const listed = await page.locator('#recall-facts li').allTextContents();
    expect(listed.some((text) => text.startsWith('Polar bear likes Pizza'))).toBe(true);
    const pizzaFact = await edgeByStatement('Polar bear likes Pizza');
    const highlighted = await page.evaluate((edge) => {
      const { view, renderer } = (globalThis as unknown as ViewerWindow).kgmemViewer;
      return {
        inHighlight: view.state.highlight?.edges.has(edge) ?? false,
        color: renderer.sigma.getEdgeDisplayData(edge)?.color,
      };
    }, pizzaFact ?? '');
    expect(highlighted).toEqual({ inHighlight: true, color: '#ff2e63' });
    const context = (await page.locator('#recall-result .context').textContent()) ?? '';
    expect(context).toContain('Polar bear likes Pizza');
    // The highlight is what the context quotes, marked in the list, not every fact returned.
    const quoted = await page.locator('#recall-facts li.quoted').allTextContents();
    expect(quoted.length).toBeGreaterThan(0);
    for (const text of quoted) expect(context).toContain(text.replace(/\d\.\d{3}$/, ''));
    const unquoted = await page.locator('#recall-facts li:not(.quoted)').allTextContents();
    for (const text of unquoted) expect(context).not.toContain(`- ${text.replace(/\d\.\d{3}$/, '')}\n`);
    expect(
      await page.evaluate(
        () => (globalThis as unknown as ViewerWindow).kgmemViewer.view.state.highlight?.edges.size,
      ),
    ).toBe(quoted.length);
    await page.locator('#recall-result button', { hasText: 'Clear' }).click();
  });

  it('finds the path between two entities', async () => {
    await page.fill('#path-from', 'I');
    await page.fill('#path-to', 'Pizza');
    await page.locator('#path-form button').click();
    await expect
      .poll(() => page.locator('#path-facts li').allTextContents())
      .toEqual(["User's friend is Polar bear", 'Polar bear likes Pizza']);
  });

  it('restores a shared URL (user, entity, asOf) and exports PNG and JSON', async () => {
    const polar = await nodeByLabel('Polar bear');
    await openViewer(`?user=demo-sasako&entity=${polar}&asOf=2026-05-01T00:00:00.000Z`);
    await expect.poll(selected).toBe(polar);
    expect(
      await page.evaluate(() => (globalThis as unknown as ViewerWindow).kgmemViewer.view.state.asOf),
    ).toBe(Date.parse('2026-05-01T00:00:00Z'));
    await page.screenshot({ path: join(OUTPUT_DIR, 'viewer-shared-url.png') });

    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
    const pngPath = join(OUTPUT_DIR, 'viewer-export.png');
    await png.saveAs(pngPath);
    expect(statSync(pngPath).size).toBeGreaterThan(5_000);
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    const jsonPath = join(dir.path, 'graph.json');
    await jsonDownload.saveAs(jsonPath);
    expect(existsSync(jsonPath)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('asks for the token when the server guards reads, then loads', async () => {
    const token = 'read-token-42';
    const memory = await createMemory({ dataDir: join(dir.path, 'guarded'), env: {} });
    await memory.addTriples('guarded-user', [
      { subject: 'I', predicate: 'likes', object: 'tea' },
      { subject: 'I', predicate: 'drinks', object: 'tea' },
    ]);
    // What `kgmem serve --host <lan address> --token …` builds, served here on loopback only.
    const app = createApp({ memory, token, protectReads: true });
    const listening = await new Promise<{ close(): void; port: number }>((resolve) => {
      const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
        resolve({ port: info.port, close: () => server.close() }),
      );
    });
    const guarded = await browser.newPage();
    const prompts: string[] = [];
    guarded.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept(token);
    });
    try {
      await guarded.goto(`http://127.0.0.1:${listening.port}/?user=guarded-user`);
      await guarded.waitForFunction(
        () => (globalThis as unknown as ViewerWindow).kgmemViewer?.ready === true,
      );
      expect(prompts).toEqual(['This kgmem server needs its access token:']);
      expect(await guarded.locator('#status').getAttribute('data-total-nodes')).toBe('2');
      // Two facts between the same two entities are drawn as two curves.
      const types = await guarded.evaluate(() => {
        const { graph, renderer } = (globalThis as unknown as ViewerWindow).kgmemViewer;
        return graph.edges().map((edge) => renderer.sigma.getEdgeDisplayData(edge)?.type);
      });
      expect(types).toEqual(['curved', 'curved']);
      // The token is kept for the tab: a reload does not ask again.
      await guarded.reload();
      await guarded.waitForFunction(
        () => (globalThis as unknown as ViewerWindow).kgmemViewer?.ready === true,
      );
      expect(prompts).toHaveLength(1);
    } finally {
      await guarded.close();
      listening.close();
      await memory.close();
    }
  });

  it('renders names as text, never as HTML', async () => {
    const token = 'e2e-token';
    const writer = await startServe(join(dir.path, 'data2'), ['--token', token]);
    try {
      const name = '<img src=x onerror="window.__pwned=1">';
      const response = await fetch(`${writer.url}api/users/mallory/triples`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ triples: [{ subject: name, predicate: 'is', object: 'text' }] }),
      });
      expect(response.status).toBe(201);
      const other = await browser.newPage();
      await other.goto(`${writer.url}?user=mallory`);
      await other.waitForFunction(() => (globalThis as unknown as ViewerWindow).kgmemViewer?.ready === true);
      await other.fill('#search', '<img');
      await other.press('#search', 'Enter');
      await expect.poll(() => other.locator('#panel-title').textContent()).toBe(name);
      expect(
        await other.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned),
      ).toBeUndefined();
      expect(await other.locator('#panel img').count()).toBe(0);
      await other.close();
    } finally {
      await writer.stop();
    }
  });

  it('runs Cypher in the browser: a table, the result drawn as the view, examples, history, no write without the token', async () => {
    await openViewer('?user=demo-sasako');
    await page.locator('#console-toggle').click();
    await page.fill(
      '#cypher-statement',
      'MATCH (s:Entity)-[f:FACT]->(o:Entity) WHERE f.userId = $userId AND f.validTo IS NULL RETURN s, f, o ORDER BY f.statement LIMIT 3',
    );
    await page.locator('#cypher-run').click();
    await expect.poll(() => page.locator('#cypher-table tbody tr').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.locator('#cypher-table th').allTextContents()).toEqual(['s', 'f', 'o']);
    await expect
      .poll(() => page.locator('#cypher-summary').textContent())
      .toMatch(/3 rows · \d+ entities drawn in the view/);
    const drawn = await page.evaluate(() => {
      const { graph, view } = (globalThis as unknown as ViewerWindow).kgmemViewer;
      return { order: graph.order, size: graph.size, highlighted: view.state.highlight?.edges.size ?? 0 };
    });
    expect(drawn.size).toBe(3);
    expect(drawn.highlighted).toBe(3);
    expect(drawn.order).toBeLessThanOrEqual(6);

    // An example fills its statement and parameters, the user's id included.
    await page.selectOption('#cypher-examples', 'current-facts');
    expect(await page.inputValue('#cypher-statement')).toMatch(/validTo IS NULL/);
    expect(JSON.parse(await page.inputValue('#cypher-params'))).toEqual({ userId: 'demo-sasako' });

    // Without the server's token a writing statement is refused and changes nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.fill('#cypher-statement', "CREATE (:Meta {key: 'e2e-probe', value: 'x'})");
    await page.fill('#cypher-params', '');
    await page.locator('#cypher-run').click();
    await expect
      .poll(() => page.locator('#cypher-result .error').textContent())
      .toMatch(/CREATE changes the database; nothing was run/);
    const probe = await fetch(`${server.url}api/cypher`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ statement: "MATCH (m:Meta {key: 'e2e-probe'}) RETURN count(m) AS n" }),
    });
    expect(((await probe.json()) as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    // Both statements are in this browser's history, newest first.
    const history = await page.locator('#cypher-history option').allTextContents();
    expect(history.slice(1, 3)).toEqual([
      "CREATE (:Meta {key: 'e2e-probe', value: 'x'})",
      expect.stringMatching(/^MATCH \(s:Entity\)-\[f:FACT\]/),
    ]);
    await page.locator('#console-toggle').click();
    expect(errors).toEqual([]);
  });

  it('closes and deletes a fact from the panel with the write token, and changes nothing without it', async () => {
    const token = 'e2e-write-token';
    const writer = await startServe(join(dir.path, 'data3'), ['--token', token]);
    const other = await browser.newPage();
    try {
      const added = await fetch(`${writer.url}api/users/carol/triples`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          triples: [
            { subject: 'I', predicate: 'likes', object: 'tea' },
            { subject: 'I', predicate: 'lives_in', object: 'Lyon' },
          ],
        }),
      });
      expect(added.status).toBe(201);
      const facts = async () =>
        (
          (await (await fetch(`${writer.url}api/users/carol/facts?history=true`)).json()) as {
            facts: { statement: string; validTo: string | null }[];
          }
        ).facts;
      await other.goto(`${writer.url}?user=carol&entity=I`);
      await other.waitForFunction(() => (globalThis as unknown as ViewerWindow).kgmemViewer?.ready === true);
      await expect.poll(() => other.locator('#panel-title').textContent()).toBe('User');
      const tea = other.locator('#panel li.fact', { hasText: 'User likes tea' });

      // Without the token: refused, nothing changes.
      other.once('dialog', (dialog) => void dialog.dismiss());
      await tea.locator('button.correct-close').click();
      await expect.poll(() => other.locator('#message').textContent()).toMatch(/token/i);
      expect((await facts()).every((f) => f.validTo === null)).toBe(true);

      // With it: closed, kept as history; then the other one deleted.
      other.once('dialog', (dialog) => void dialog.accept(token));
      await tea.locator('button.correct-close').click();
      await expect
        .poll(async () => (await facts()).find((f) => f.statement === 'User likes tea')?.validTo ?? null)
        .not.toBeNull();
      await expect
        .poll(() => other.locator('#panel li.fact.closed', { hasText: 'User likes tea' }).count())
        .toBe(1);
      other.once('dialog', (dialog) => void dialog.accept());
      await other.locator('#panel li.fact', { hasText: 'Lyon' }).locator('button.correct-delete').click();
      await expect.poll(async () => (await facts()).map((f) => f.statement)).toEqual(['User likes tea']);
      await expect.poll(() => other.locator('#panel li.fact', { hasText: 'Lyon' }).count()).toBe(0);
    } finally {
      await other.close();
      await writer.stop();
    }
  });
});
