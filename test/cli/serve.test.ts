import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackend } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('kgmem serve', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;

  beforeEach(() => {
    dir = tempDir('kgmem-cli-serve-');
    dataDir = join(dir.path, 'data');
  });
  afterEach(() => dir.remove());

  it('refuses a non-loopback host without a token, with a clear message', async () => {
    const run = await runCli(['serve', '--host', '0.0.0.0'], { dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('refusing to listen on 0.0.0.0 without a token');
    expect(run.stderr).toContain('--token');
  });

  it('rejects a bad port', async () => {
    const run = await runCli(['serve', '--port', '70000'], { dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--port');
  });

  it('serves the API and the viewer over HTTP, takes writes with the token, and stops on SIGTERM', async () => {
    const server = await startServe(dataDir, ['--token', 'cli-secret']);
    try {
      const health = await fetch(`${server.url}api/health`);
      expect(await health.json()).toMatchObject({ ok: true, writes: 'token', backend: testBackend() });
      const page = await fetch(server.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('kgmem viewer');
      const write = await fetch(`${server.url}api/users/u1/triples`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer cli-secret' },
        body: JSON.stringify({ triples: [{ subject: 'I', predicate: 'lives in', object: 'Oslo' }] }),
      });
      expect(write.status).toBe(201);
      const recall = await fetch(
        `${server.url}api/users/u1/recall?q=${encodeURIComponent('where do I live?')}`,
      );
      expect(((await recall.json()) as { context: string }).context).toContain('User lives in Oslo');
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.output()).toContain('stopping');
    // The database was closed cleanly: another process can open it.
    const facts = await runCli(['facts', '--user', 'u1'], { dataDir });
    expect(facts.code, facts.stderr).toBe(0);
    expect(facts.stdout).toContain('Oslo');
  });
});
