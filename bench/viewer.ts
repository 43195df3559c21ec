import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import { startServer } from '../src/server/serve.js';
import { BUILT_VIEWER_DIR } from '../src/server/static.js';
import { browserTestsEnabled, launchChromium } from '../test/helpers/browser.js';
import { crowdTriples } from '../test/helpers/crowd.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { quantile } from './stats.js';
import { markdownTable } from './table.js';

/**
 * Frame intervals (ms) the page sees while its camera zooms in and out for `ms`. Plain script
 * text: tsx would wrap a bundled function with helpers the page does not have.
 */
const measureFrames = (ms: number) => `new Promise((resolve) => {
  const camera = window.kgmemViewer.renderer.sigma.getCamera();
  const frames = [];
  const started = performance.now();
  let last = started;
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    if (now - started < ${ms}) requestAnimationFrame(tick);
    else resolve(frames);
  };
  requestAnimationFrame(tick);
  camera.animate({ ratio: 0.3 }, { duration: ${ms / 2} }).then(() => camera.animate({ ratio: 1 }, { duration: ${ms / 2} }));
})`;

/** Builds the viewer once if this checkout has no build of it. */
function ensureViewerBuilt(): void {
  if (existsSync(join(BUILT_VIEWER_DIR, 'index.html'))) return;
  execFileSync(process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--config',
    'viewer/vite.config.ts',
  ]);
}

/**
 * The viewer on a big user (the MetaQA knowledge base as one user): time from opening the page to
 * the first drawn view (it opens on one well-connected entity), and from typing "incep" in the
 * search to Inception's panel in a fresh view; median of three fresh pages.
 */
export async function benchViewerBigUser(memory: Memory, userId: string): Promise<string> {
  if (!browserTestsEnabled)
    return '### Viewer on the MetaQA user\n\n(skipped: no Chromium at /usr/bin/chromium)';
  ensureViewerBuilt();
  const stats = await memory.stats(userId);
  const server = await startServer({ memory, port: 0 });
  const browser = await launchChromium();
  const firstRender: number[] = [];
  const searchToPanel: number[] = [];
  try {
    for (let run = 0; run < 3; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, bypassCSP: true });
      const opened = performance.now();
      await page.goto(`${server.url}?user=${encodeURIComponent(userId)}`);
      await page.waitForFunction(
        () => (globalThis as { kgmemViewer?: { ready: boolean } }).kgmemViewer?.ready,
        null,
        {
          timeout: 120_000,
        },
      );
      firstRender.push(performance.now() - opened);
      const searched = performance.now();
      await page.fill('#search', 'incep');
      const suggestion = page.locator('#search-results li', { hasText: /^Inception\+?$/ });
      await suggestion.first().waitFor({ timeout: 30_000 });
      await suggestion.first().dispatchEvent('mousedown');
      await page.waitForFunction(
        `document.getElementById('panel-title')?.textContent === 'Inception'`,
        null,
        {
          timeout: 60_000,
        },
      );
      searchToPanel.push(performance.now() - searched);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return `### Viewer on the MetaQA user (headless Chromium, 1280×720, median of 3)\n\n${markdownTable([
    {
      user: `${stats.entities.toLocaleString('en-US')} entities, ${stats.facts.toLocaleString('en-US')} facts`,
      'page to first drawn view ms': median(firstRender).toFixed(0),
      'search "incep" to Inception panel ms': median(searchToPanel).toFixed(0),
    },
  ])}`;
}

/**
 * The viewer with `entities` entities in headless Chromium (software WebGL): time to a drawn
 * graph, time from search to the selected entity's panel, and frame times while zooming.
 */
export async function benchViewer(sizes: readonly number[] = [1000, 5000]): Promise<string> {
  if (!browserTestsEnabled) return '### Viewer\n\n(skipped: no Chromium at /usr/bin/chromium)';
  ensureViewerBuilt();
  const rows: Record<string, string | number>[] = [];
  const browser = await launchChromium();
  try {
    for (const entities of sizes) {
      const dir = tempDir('kgmem-bench-viewer-');
      const memory = await createMemory({ dataDir: dir.path, embeddings: new HashingEmbeddings(), env: {} });
      const server = await startServer({ memory, port: 0 });
      try {
        const triples = crowdTriples(entities);
        for (let i = 0; i < triples.length; i += 5000) {
          await memory.addTriples('crowd', triples.slice(i, i + 5000), { similarityMerge: false });
        }
        const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, bypassCSP: true });
        const opened = performance.now();
        await page.goto(`${server.url}?user=crowd`);
        await page.waitForFunction(
          () => (globalThis as { kgmemViewer?: { ready: boolean } }).kgmemViewer?.ready,
          null,
          {
            timeout: 120_000,
          },
        );
        const loadMs = performance.now() - opened;
        // Let the layout finish so frames measure drawing, not the worker's first heavy steps.
        await page.waitForFunction(
          () =>
            !(globalThis as unknown as { kgmemViewer: { layout: { running: boolean } } }).kgmemViewer.layout
              .running,
          null,
          { timeout: 60_000 },
        );
        const searched = performance.now();
        await page.fill('#search', `Person ${Math.floor(entities / 3)}`);
        await page.press('#search', 'Enter');
        await page.waitForFunction(
          `document.getElementById('panel-title')?.textContent === ${JSON.stringify(`Person ${Math.floor(entities / 3)}`)}`,
        );
        const selectMs = performance.now() - searched;
        const frames = ((await page.evaluate(measureFrames(3000))) as number[])
          .slice(1)
          .sort((a, b) => a - b);
        const mean = frames.reduce((sum, f) => sum + f, 0) / Math.max(1, frames.length);
        rows.push({
          entities: entities.toLocaleString('en-US'),
          facts: triples.length.toLocaleString('en-US'),
          'page to drawn graph ms': loadMs.toFixed(0),
          'search to panel ms': selectMs.toFixed(0),
          'zoom frame p50 ms': quantile(frames, 0.5).toFixed(1),
          'zoom frame p95 ms': quantile(frames, 0.95).toFixed(1),
          'zoom fps': (1000 / mean).toFixed(0),
        });
        await page.close();
      } finally {
        await server.close();
        await memory.close();
        dir.remove();
      }
    }
  } finally {
    await browser.close();
  }
  return `### Viewer (headless Chromium, software WebGL)\n\n${markdownTable(rows)}`;
}
