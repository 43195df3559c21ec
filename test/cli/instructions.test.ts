import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDataAcrossTests } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

// The tests build on what the first ones wrote (on Neo4j too: the database is emptied once).
keepDataAcrossTests();

describe('kgmem instructions', () => {
  let dir: { path: string; remove: () => void };
  const kgmem = (args: string[]) => runCli(args, { dataDir: join(dir.path, 'data') });

  beforeAll(() => {
    dir = tempDir('kgmem-instructions-');
  });
  afterAll(() => dir.remove());

  it('writes versions for an agent and for one user, prints the current one and lists them all', async () => {
    const first = await kgmem([
      'instructions',
      'Answer briefly.',
      '--agent',
      'helper',
      '--reason',
      'house style',
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe("saved version 1 of helper's instructions");
    await kgmem(['instructions', 'Answer briefly. Cite sources.', '--agent', 'helper']);
    const own = await kgmem(['instructions', 'Answer in Portuguese.', '--agent', 'helper', '--user', 'ana']);
    expect(own.stdout.trim()).toBe("saved version 1 of helper for ana's instructions");

    const current = await kgmem(['instructions', '--agent', 'helper']);
    expect(current.stdout).toMatch(/^Answer briefly\. Cite sources\.\n\(version 2 of 2, 20\d\d-/);
    const versions = await kgmem(['instructions', '--agent', 'helper', '--versions', '--json']);
    expect(JSON.parse(versions.stdout).map((v: { text: string }) => v.text)).toEqual([
      'Answer briefly.',
      'Answer briefly. Cite sources.',
    ]);
    const table = await kgmem(['instructions', '--agent', 'helper', '--versions']);
    expect(table.stdout).toContain('house style');
    const ana = await kgmem(['instructions', '--agent', 'helper', '--user', 'ana', '--json']);
    expect(JSON.parse(ana.stdout)).toMatchObject({ userId: 'ana', text: 'Answer in Portuguese.' });
    const none = await kgmem(['instructions', '--agent', 'nobody']);
    expect(none.stdout).toContain('no instructions for nobody yet');
  });

  it('says what is missing', async () => {
    const run = await kgmem(['instructions', 'text']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('needs --agent <id>');
  });
});
