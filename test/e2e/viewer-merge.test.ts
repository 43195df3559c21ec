import { join } from 'node:path';
import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsEnabled, launchChromium } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

const TOKEN = 'e2e-merge-token';

/**
 * Merge and split in the viewer (kgmem serve with a write token, headless Chromium): the entity
 * panel merges another name into the entity and splits an alias back off; the console's
 * duplicate-candidates rows merge with one click; a read-only server offers none of it.
 */
describe.runIf(browserTestsEnabled)('viewer: merge and split', () => {
  let dir: { path: string; remove: () => void };
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  // Every dialog is accepted: the confirmations, and the token prompt with the token.
  const answer = (dialog: Dialog) => void dialog.accept(dialog.type() === 'prompt' ? TOKEN : undefined);

  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
    return (await response.json()) as T;
  };
  const factsOf = async (entity: string) =>
    (
      await api<{ facts: { statement: string }[] }>(
        `api/users/eva/facts?entity=${encodeURIComponent(entity)}`,
      )
    ).facts
      .map((f) => f.statement)
      .sort();

  beforeAll(async () => {
    dir = tempDir('kgmem-e2e-merge-');
    server = await startServe(join(dir.path, 'data'), ['--token', TOKEN]);
    await api('api/users/eva/triples', {
      triples: [
        { subject: 'Peter Brown', predicate: 'lives in', object: 'Braga' },
        { subject: 'Landlord', predicate: 'owns', object: 'Red Van' },
        { subject: 'I', predicate: 'works at', object: 'Northwind' },
        { subject: 'Northwind Traders', predicate: 'located in', object: 'Seattle' },
      ],
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', answer);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
    dir?.remove();
  });

  it('merges another name into an entity from its panel, and splits the alias back off', async () => {
    await page.goto(`${server.url}?user=eva&entity=${encodeURIComponent('Peter Brown')}`);
    await expect
      .poll(() => page.locator('#panel-title').textContent(), { timeout: 30_000 })
      .toBe('Peter Brown');
    await page.fill('#panel .merge-name', 'Landlord');
    await page.locator('#panel .merge-form button').click();
    await expect
      .poll(() => page.locator('#panel .aliases').textContent(), { timeout: 15_000 })
      .toContain('landlord');
    expect(await page.locator('#panel-title').textContent()).toBe('Peter Brown');
    expect(await page.locator('#panel li.fact').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Landlord owns Red Van')]),
    );
    expect(await factsOf('Peter Brown')).toEqual(['Landlord owns Red Van', 'Peter Brown lives in Braga']);

    await page.locator('#panel .aliases [data-alias="landlord"] button.split').click();
    await expect.poll(() => page.locator('#panel-title').textContent(), { timeout: 15_000 }).toBe('Landlord');
    expect(await factsOf('Landlord')).toEqual(['Landlord owns Red Van']);
    expect(await factsOf('Peter Brown')).toEqual(['Peter Brown lives in Braga']);
    const merges = await api<{ undoneAt: string | null }[]>('api/users/eva/merges');
    expect(merges).toHaveLength(1);
    expect(merges[0]?.undoneAt).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it("merges a row of the console's duplicate candidates with one click", async () => {
    await page.goto(`${server.url}?user=eva`);
    await expect
      .poll(() => page.locator('#status').getAttribute('data-total-nodes'), { timeout: 30_000 })
      .not.toBeNull();
    await page.locator('#console-toggle').click();
    await expect
      .poll(() => page.locator('#cypher-examples option').count(), { timeout: 10_000 })
      .toBeGreaterThan(1);
    await page.selectOption('#cypher-examples', 'duplicate-candidates');
    await page.locator('#cypher-run').click();
    const row = page.locator('#cypher-table tbody tr', { hasText: 'Northwind Traders' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.locator('button.merge-row').click();
    await expect
      .poll(() => row.locator('button.merge-row').textContent(), { timeout: 15_000 })
      .toBe('merged');
    const entities = await api<{ entities: { name: string; aliases: string[] }[] }>('api/users/eva/entities');
    const names = entities.entities.map((e) => e.name);
    expect(names.filter((n) => n.startsWith('Northwind'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('offers no merge or split on a server that takes no writes', async () => {
    const dataDir = join(dir.path, 'data-read');
    const added = await runCli(['add', 'Peter Brown', 'lives in', 'Braga', '--user', 'eva'], { dataDir });
    expect(added.code, added.stderr).toBe(0);
    const merged = await runCli(['merge', 'Peter Brown', 'Braga', '--user', 'eva'], { dataDir });
    expect(merged.code, merged.stderr).toBe(0);
    const reader = await startServe(dataDir);
    const other = await browser.newPage();
    try {
      const refused = await fetch(`${reader.url}api/users/eva/entities/merge`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ keep: 'Peter Brown', other: 'User' }),
      });
      expect(refused.status).toBe(403);
      await other.goto(`${reader.url}?user=eva&entity=${encodeURIComponent('Peter Brown')}`);
      await expect
        .poll(() => other.locator('#panel-title').textContent(), { timeout: 30_000 })
        .toBe('Peter Brown');
      expect(await other.locator('#panel .aliases').textContent()).toContain('braga');
      expect(await other.locator('#panel .merge-form').count()).toBe(0);
      expect(await other.locator('#panel button.split').count()).toBe(0);
    } finally {
      await other.close();
      expect(await reader.stop()).toBe(0);
    }
  });
});
