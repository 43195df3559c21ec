import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepDataAcrossTests } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

// The tests build on what the first one wrote (on Neo4j too: the database is emptied once).
keepDataAcrossTests();

/** `kgmem merge`, `kgmem split` and `kgmem merges` as a new user runs them. */
describe('kgmem merge and split', () => {
  const dir = tempDir('kgmem-merge-');
  const dataDir = join(dir.path, 'data');
  const kgmem = (args: string[]) => runCli(args, { dataDir });
  const ok = async (args: string[]) => {
    const run = await kgmem(args);
    expect(run.code, run.stderr).toBe(0);
    return run.stdout;
  };
  afterAll(() => dir.remove());

  it('merges "The Big Apple" into "New York City" and splits it back, the facts as they were', async () => {
    await ok(['add', 'I', 'lives in', 'New York City', '--user', 'me', '--at', '2024-01-01']);
    await ok(['add', 'The Big Apple', 'has', 'yellow cabs', '--user', 'me']);
    const before = JSON.parse(await ok(['facts', '--user', 'me', '--history', '--json']));

    const merged = await ok([
      'merge',
      'New York City',
      'The Big Apple',
      '--user',
      'me',
      '--reason',
      'a nickname',
    ]);
    expect(merged).toContain('merged "The Big Apple" into "New York City": 1 facts moved');
    expect(merged).toMatch(/also called: .*the big apple/);
    const entity = await ok(['entity', 'The Big Apple', '--user', 'me']);
    expect(entity).toMatch(/^New York City/);
    expect(entity).toContain('The Big Apple has yellow cabs');
    expect(await ok(['merges', '--user', 'me'])).toMatch(/The Big Apple\s+New York City\s+1\s+a nickname/);

    const split = await ok(['split', 'New York City', 'The Big Apple', '--user', 'me']);
    expect(split).toMatch(/split "The Big Apple" off "New York City": 1 facts moved \(undid merge /);
    expect(JSON.parse(await ok(['facts', '--user', 'me', '--history', '--json']))).toEqual(before);
  });

  it('says what is wrong, and what to do, when a merge or a split cannot be done', async () => {
    const unknown = await kgmem(['merge', 'New York City', 'Gotham', '--user', 'me']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('user "me" has no entity with uid or name "Gotham"');
    const notAlias = await kgmem(['split', 'New York City', 'Gotham', '--user', 'me']);
    expect(notAlias.code).toBe(1);
    expect(notAlias.stderr).toMatch(/"Gotham" is not an alias of "New York City" \(its aliases: none\)/);
    const self = await kgmem(['merge', 'The Big Apple', 'me', '--user', 'me']);
    expect(self.stderr).toMatch(/merge "User" the other way round/);
  });
});
